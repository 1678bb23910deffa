import { hash } from 'node:crypto'

/** JSON text already written as `stableHash` writes its value (every object's keys sorted), hashed as that value. */
export class SortedJson {
  constructor(readonly text: string) {}
}

// the text JSON.stringify gives the value with every object's keys sorted, written directly: undefined, functions and
// symbols are left out of objects and are null in arrays; an object (a Date too) is its own enumerable keys
function sortedJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (value instanceof SortedJson) return value.text
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

/** A value written once as `stableHash` writes it, for a part of many keys (a tool offer sent at every step). */
export function sortedJsonOf(value: unknown): SortedJson {
  return new SortedJson(sortedJson(value) ?? 'null')
}

/** A short hash of a JSON value that ignores the order of object keys: the key of a stored entry. */
export function stableHash(value: unknown): string {
  return digest(sortedJson(value)!)
}

// the text of `{ ...fixed, <varying keys> }` cut around the varying values: `texts` has one more part than `slots`,
// the varying keys in the order their values appear
interface Layout {
  texts: string[]
  slots: string[]
}

function layoutOf(fixed: ReadonlyMap<string, string>, varying: readonly string[]): Layout {
  const layout: Layout = { texts: [], slots: [] }
  let text = '{'
  const names = [...new Set([...fixed.keys(), ...varying])].sort()
  names.forEach((name, index) => {
    text += `${index === 0 ? '' : ','}${JSON.stringify(name)}:`
    if (varying.includes(name)) {
      layout.texts.push(text)
      layout.slots.push(name)
      text = ''
    } else text += fixed.get(name)
  })
  layout.texts.push(`${text}}`)
  return layout
}

/**
 * `stableHash` of many objects that share most of their fields, as `{ ...fixed, ...varying }`: the same hash, with
 * the fixed fields written once rather than for every object (a model's identity, hashed with each call's messages).
 */
export function stableHasher(fixed: Readonly<Record<string, unknown>>): (varying: Readonly<Record<string, unknown>>) => string {
  const written = new Map<string, string>()
  for (const key of Object.keys(fixed)) {
    const text = sortedJson(fixed[key])
    if (text !== undefined) written.set(key, text)
  }
  // one layout per set of varying keys, as they come (a call with an attempt, one without)
  const layouts = new Map<string, Layout>()
  return (varying) => {
    const keys = Object.keys(varying)
    const id = JSON.stringify(keys)
    let layout = layouts.get(id)
    if (layout === undefined) {
      layout = layoutOf(written, keys)
      layouts.set(id, layout)
    }
    let text = layout.texts[0]!
    for (let index = 0; index < layout.slots.length; index++) {
      const value = sortedJson(varying[layout.slots[index]!])
      // an undefined value drops its key, and a comma with it: no layout has that shape
      if (value === undefined) return stableHash({ ...fixed, ...varying })
      text += value + layout.texts[index + 1]!
    }
    return digest(text)
  }
}
