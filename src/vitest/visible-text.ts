import { escapeControlCharacters, escapeControlLines } from '../schema/index.ts'

/**
 * A suite's or test's name as Vitest is given it: names come from data files (sample ids and inputs, subsets, file
 * names), and Vitest prints them as they are, so a control character is written out (`\x1b`) and cannot clear the
 * terminal, open a link or break the line.
 */
export const visibleName: (name: string) => string = escapeControlCharacters

/** A message for Vitest (an annotation, a skip note, an error), each of its lines with control characters written out. */
export const visibleMessage: (message: string) => string = escapeControlLines

/** An error as Vitest will print it: its message, stack, cause and compared values with control characters written out. */
export function visibleError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  error.message = visibleMessage(error.message)
  if (error.stack !== undefined) error.stack = visibleMessage(error.stack)
  const compared = error as Error & { actual?: unknown; expected?: unknown }
  if (typeof compared.actual === 'string') compared.actual = visibleMessage(compared.actual)
  if (typeof compared.expected === 'string') compared.expected = visibleMessage(compared.expected)
  if (error.cause !== undefined) visibleError(error.cause)
  return error
}

/** `run`, whose failure reaches Vitest with its text made visible. */
export function withVisibleErrors<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await run(...args)
    } catch (error) {
      throw visibleError(error)
    }
  }
}
