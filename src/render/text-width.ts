import { createRequire } from 'node:module'

type Width = (text: string) => number

// Nearly everything evalsuite prints is printable ASCII, one column a character, or one of the few symbols its tables
// and lines use (Δ, —, ≥, ≤, …, ·, α, currency signs), one column each too. string-width, which knows wide, zero-width
// and emoji characters, takes about 35 ms to load on the path of every run's end: it is loaded (require of an ES
// module, which Node 20.19 and later do) only when a text holds something else, such as a name a user gave.
const ONE_COLUMN_EACH = /^[\x20-\x7e·Δα–—…€£¥±×→≤≥]*$/
let stringWidth: Width | undefined

/** The columns a text takes in a terminal. */
export function textWidth(text: string): number {
  if (ONE_COLUMN_EACH.test(text)) return text.length
  stringWidth ??= (createRequire(import.meta.url)('string-width') as { default: Width }).default
  return stringWidth(text)
}
