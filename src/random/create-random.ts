/**
 * A seeded generator of uniform numbers in [0, 1) from a 32-bit state (mulberry32): fast, and the same sequence on
 * every platform. `Math.random` cannot be seeded, and a run must draw the same intervals, the same order and the same
 * few-shot examples on every machine for its recordings and baselines to apply.
 */
export function createRandom(state: number): () => number {
  let current = state >>> 0
  return () => {
    current = (current + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(current ^ (current >>> 15), current | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}
