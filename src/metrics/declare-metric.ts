// a name that is not an identifier (a label's "a-b", a path-like "a/../../b") is a key only in quotes
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

function objectKey(name: string): string {
  if (IDENTIFIER.test(name)) return name
  // JSON's escapes are JavaScript's; the quotes are swapped for the single quotes the rest of the snippet uses
  return `'${JSON.stringify(name).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`
}

/** The plugin option that declares a metric, as a message suggests it: JavaScript the user can paste, whatever the name. */
export function metricDeclaration(name: string): string {
  return `evalsuite({ metricDefinitions: { ${objectKey(name)}: { direction: 'higher' } } })`
}
