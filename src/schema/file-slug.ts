import { hash } from 'node:crypto'

/**
 * The longest stem `fileSlug` gives, in UTF-8 bytes. The longest name made from one, a recording's journal
 * (`<stem>.jsonl.<pid>-<thread>-<random>.pending.jsonl`), then stays near 150 bytes, well within the 255 that file
 * systems allow.
 */
export const FILE_SLUG_BYTES = 100

const HASH_CHARS = 8
// the characters benchmark names were written in before names got hashes: such a name keeps the file it always had,
// so committed baselines and recordings stay valid
const PLAIN = /^[A-Za-z0-9._ -]+$/
// a terminal's colour and cursor codes, which would otherwise leave their parameters ("31m") in the name
const ESCAPE_SEQUENCE = /\u001b\[[0-9;?]*[ -/]*[@-~]/g
// printable ASCII folds the same without Unicode normalisation and property classes, whose first use in a process
// loads their tables: about 10 ms before the first report could be written
const PRINTABLE_ASCII = /^[ -~]*$/

const bytesOf = (text: string): number => Buffer.byteLength(text)

// the longest start of `text` within `bytes` UTF-8 bytes, cut between code points
function cut(text: string, bytes: number): string {
  let kept = ''
  for (const char of text) {
    if (bytesOf(kept) + bytesOf(char) > bytes) break
    kept += char
  }
  return kept
}

/**
 * Text as file-name characters: lower case, letters and digits of any script, `.`, `_` and `-`, every run of other
 * characters (spaces, slashes, controls) one `-`, none at either end. Readable, but not one to one.
 */
export function foldForFileName(text: string): string {
  if (PRINTABLE_ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
  return text
    .normalize('NFC')
    .replace(ESCAPE_SEQUENCE, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * A stem that cannot be mistaken for another: `readable` without leading dots (no hidden file), cut to fit, then a
 * short hash of `identity`, the exact text it stands for.
 */
export function hashedFileSlug(readable: string, identity: string): string {
  const start = cut(readable.replace(/^[.-]+/, ''), FILE_SLUG_BYTES - HASH_CHARS - 1).replace(/[.-]+$/, '')
  return `${start || 'benchmark'}-${hash('sha256', identity, 'hex').slice(0, HASH_CHARS)}`
}

/**
 * The stem of a benchmark's files (report, baseline, recordings). A name in letters, digits, spaces, `.`, `_` and `-`
 * keeps its readable fold (`"Word Math"` → `word-math`); any other name, one that would be a hidden file, or one too
 * long gets a short hash of the exact name (`"a/b"` → `a-b-<hash>`), so two names share a stem only when they differ
 * in case, spaces or dashes alone.
 */
export function fileSlug(name: string): string {
  const folded = foldForFileName(name)
  if (PLAIN.test(name) && folded !== '' && !folded.startsWith('.') && bytesOf(folded) <= FILE_SLUG_BYTES) return folded
  return hashedFileSlug(folded, name)
}
