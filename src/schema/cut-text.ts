import { thousands } from './thousands.ts'

/** How many characters of a sample's input, target, output and check texts a report keeps. */
export const KEPT_CHARS = 2000

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff
// ASCII, so that a cut text of Latin-1 characters stays one byte a character in V8: with a "…" every cut reply took twice
// the memory, in the worker that ran it and again in Vitest's main process, for each sample to the end of the run
const marker = (cut: number): string => `...[${thousands(cut)} characters cut]...`

/**
 * The text as a report keeps it: whole up to `kept` characters; longer, cut to `kept` characters: its start and its
 * end with `...[N characters cut]...` between, so the start of a reply and the answer at its end both remain. A cut text
 * is not cut again, and no character is split in two.
 */
export function cutText(text: string, kept = KEPT_CHARS): string {
  if (text.length <= kept) return text
  // the marker for the whole length is at least as long as the one written, so the result stays within `kept`
  const room = kept - marker(text.length).length
  let head = Math.ceil(room / 2)
  let tail = text.length - Math.floor(room / 2)
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--
  if (isLowSurrogate(text.charCodeAt(tail))) tail++
  // joined, not concatenated: V8 would keep a concatenation as pointers into the whole text, so every reply, however
  // long, would stay in memory with its sample's record until Vitest sent it to the main process
  return [text.slice(0, head), marker(tail - head), text.slice(tail)].join('')
}
