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

const digest = (text: string): string => hash('sha256', text, 'hex').slice(0, 24)

/** A short hash of a JSON value that ignores the order of object keys: the key of a stored entry. */
export function stableHash(value: unknown): string {
  return digest(sortedJson(value)!)
}

const byKey = (a: readonly [string, string], b: readonly [string, string]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

/**
 * `stableHash` of many objects that share most of their fields, as `{ ...fixed, ...varying }`: the same hash, with
 * the fixed fields written once rather than for every object (a model's identity, hashed with each call's messages).
 */
export function stableHasher(fixed: Readonly<Record<string, unknown>>): (varying: Readonly<Record<string, unknown>>) => string {
  const written = Object.keys(fixed).flatMap((key) => {
    const text = sortedJson(fixed[key])
    return text === undefined ? [] : [[key, text] as const]
  })
  return (varying) => {
    const fields: (readonly [string, string])[] = written.filter(([key]) => !Object.hasOwn(varying, key))
    for (const key of Object.keys(varying)) {
      const text = sortedJson(varying[key])
      if (text !== undefined) fields.push([key, text])
    }
    fields.sort(byKey)
    let text = ''
    for (const [key, value] of fields) text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${value}`
    return digest(`{${text}}`)
  }
}
