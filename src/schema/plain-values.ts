// The checks that the hand-written readers of plain records (plain-sample.ts, plain-sample-meta.ts) share: each says
// what zod's schema says of the value, for the plain values those readers take.

export const isString = (value: unknown): value is string => typeof value === 'string'
export const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string'
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
/** A target as the schemas take it: one text, or a list of accepted texts. */
export const isTarget = (value: unknown): value is string | string[] =>
  typeof value === 'string' || (Array.isArray(value) && value.every(isString))
