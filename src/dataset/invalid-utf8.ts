import { isUtf8 } from 'node:buffer'

/** The byte offsets where the LF-separated lines of `bytes` that are not valid UTF-8 start. */
export function invalidUtf8LineStarts(bytes: Buffer): number[] {
  if (isUtf8(bytes)) return []
  const starts: number[] = []
  for (let at = 0; at <= bytes.length;) {
    const lf = bytes.indexOf(0x0a, at)
    const end = lf < 0 ? bytes.length : lf
    if (!isUtf8(bytes.subarray(at, end))) starts.push(at)
    at = end + 1
  }
  return starts
}

/** The message for a line that is not UTF-8 text. */
export const NOT_UTF8 = 'not valid UTF-8 text; save the file as UTF-8'
