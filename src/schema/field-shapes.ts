import { z } from 'zod'

// The shapes many fields share, each built once and used wherever it fits. A zod schema never changes once built, and
// each `.int()`, `.nonnegative()` or `.min(1)` builds a new one beside its check: written out at every field they were
// a third of the schemas each worker builds as it loads evalsuite, before its first request.

/** A whole number, 0 or more: a count. */
export const CountSchema = z.number().int().nonnegative()

/** A whole number, 1 or more. */
export const PositiveIntSchema = z.number().int().positive()

/** A number, 0 or more. */
export const NonNegativeSchema = z.number().nonnegative()

/** A number above 0. */
export const PositiveSchema = z.number().positive()

/** A number from 0 to 1. */
export const FractionSchema = z.number().min(0).max(1)

/** A text of at least one character. */
export const NonEmptyTextSchema = z.string().min(1)
