import { errorMessage } from '../errors.ts'

/** Where in a text a JSON.parse error happened, and what went wrong, without V8's copy of the whole input. */
export interface JsonErrorDetail {
  /** 0-based offset into the text, when V8 gives one. */
  position?: number
  message: string
}

/** Reads V8's JSON.parse error message: the reason and the position it names. */
export function describeJsonError(error: unknown): JsonErrorDetail {
  const raw = errorMessage(error)
  if (/^Unexpected end of JSON input/.test(raw)) return { message: 'the value is cut short' }
  const at = /^(.*?)(?: in JSON)? at position (\d+)/.exec(raw)
  if (at) return { position: Number(at[2]), message: lowerFirst(at[1]!) }
  const token = /^Unexpected token '(.+?)', /.exec(raw)
  if (token) return { message: `unexpected "${token[1]}"` }
  return { message: lowerFirst(raw) }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** 1-based line and column of an offset into a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++
    lineStart = at + 1
  }
  return { line, column: offset - lineStart + 1 }
}
