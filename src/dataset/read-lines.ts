import { isUtf8 } from 'node:buffer'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'

/** One line of a text file, without its line break. */
export interface TextLine {
  text: string
  /** 1-based. */
  line: number
}

/** What `readLines` reports besides the lines: lines that are not UTF-8 text are skipped and named. */
export interface ReadLinesOptions {
  onInvalidUtf8(line: number): void
}

const LF = 0x0a
const CHUNK_BYTES = 1 << 16
// a file up to this size is read in one piece: streaming a few thousand lines costs several times reading them
const WHOLE_FILE_BYTES = 4 << 20

async function* chunksOf(file: string): AsyncGenerator<Buffer> {
  if ((await stat(file)).size <= WHOLE_FILE_BYTES) yield await readFile(file)
  else yield* createReadStream(file, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>
}

/**
 * Streams a file's lines (LF or CRLF), decoding UTF-8 and dropping a leading BOM. A large file is read in chunks, and
 * only the current chunk and the unfinished line after it are held, so it is never in memory whole.
 */
export async function* readLines(file: string, options: ReadLinesOptions): AsyncGenerator<TextLine[]> {
  // the unfinished line is kept as the chunks that hold it and joined once, when its end arrives: joining it anew with
  // every chunk would make one long line cost quadratic time
  let pending: Buffer[] = []
  let line = 1
  for await (const chunk of chunksOf(file)) {
    const lastLf = chunk.lastIndexOf(LF)
    if (lastLf < 0) {
      pending.push(chunk)
      continue
    }
    const complete = pending.length === 0 ? chunk.subarray(0, lastLf) : Buffer.concat([...pending, chunk.subarray(0, lastLf)])
    pending = [chunk.subarray(lastLf + 1)]
    const lines = decodeLines(complete, line, options)
    line += lines.count
    yield lines.lines
  }
  const rest = Buffer.concat(pending)
  if (rest.length > 0) yield decodeLines(rest, line, options).lines
}

/** Decodes LF-separated lines starting at line `first`; the bytes hold no final line break. */
function decodeLines(bytes: Buffer, first: number, options: ReadLinesOptions): { lines: TextLine[]; count: number } {
  const lines: TextLine[] = []
  const push = (text: string, line: number): void => {
    const withoutCr = text.endsWith('\r') ? text.slice(0, -1) : text
    lines.push({ text: line === 1 && withoutCr.startsWith('\uFEFF') ? withoutCr.slice(1) : withoutCr, line })
  }
  if (isUtf8(bytes)) {
    const texts = bytes.toString('utf8').split('\n')
    texts.forEach((text, index) => push(text, first + index))
    return { lines, count: texts.length }
  }
  // the slow path only for a region holding bad bytes: find which lines they are on
  let start = 0
  let line = first
  for (;;) {
    const lf = bytes.indexOf(LF, start)
    const piece = bytes.subarray(start, lf < 0 ? bytes.length : lf)
    if (isUtf8(piece)) push(piece.toString('utf8'), line)
    else options.onInvalidUtf8(line)
    line++
    if (lf < 0) return { lines, count: line - first }
    start = lf + 1
  }
}
