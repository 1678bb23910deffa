/**
 * The most tests one benchmark declares: its samples times their attempts. Each is a Vitest test whose task and
 * result the run holds to its end, a few kilobytes apiece, so a million is gigabytes already; a `repeats` or `limit`
 * past it ran a worker out of memory before it printed a word.
 */
export const MAX_TESTS = 1_000_000

/** The most attempts per sample `repeats` asks for. */
export const MAX_REPEATS = 1000

/** The most model calls `evalsuite eval --concurrency` keeps in flight. */
export const MAX_CONCURRENCY = 10_000
