import { hash } from 'node:crypto'

// the text JSON.stringify gives the value with every object's keys sorted, written directly: undefined, functions and
// symbols are left out of objects and are null in arrays; an object (a Date too) is its own enumerable keys
function sortedJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) {
    let text = '['
    for (let index = 0; index < value.length; index++) text += `${index === 0 ? '' : ','}${sortedJson(value[index]) ?? 'null'}`
    return `${text}]`
  }
  let text = ''
  for (const key of Object.keys(value).sort()) {
    const item = sortedJson((value as Record<string, unknown>)[key])
    if (item !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${item}`
  }
  return `{${text}}`
}

/** A short hash of a JSON value that ignores the order of object keys: the key of a stored entry. */
export function stableHash(value: unknown): string {
  return hash('sha256', sortedJson(value)!, 'hex').slice(0, 24)
}
