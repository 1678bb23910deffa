import { createHash } from 'node:crypto'

/**
 * Reads the order number (a "#" and six digits, or the first long number) from a customer message. It stands in for
 * an LLM call at a temperature above 0: on some attempts it is careless and takes the first number it sees, so the
 * same message can get different answers. The carelessness is a hash of message and attempt, so runs repeat exactly.
 */
export function readOrderNumber(message: string, attempt: number): string {
  const careless = createHash('sha256').update(`${attempt}:${message}`).digest()[0]! % 3 === 0
  const numbers = message.match(/\d+/g) ?? []
  if (careless) return numbers[0] ?? ''
  return /#(\d{6})\b/.exec(message)?.[1] ?? numbers.find((number) => number.length >= 6) ?? ''
}
