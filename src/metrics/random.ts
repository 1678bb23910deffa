/** The seed of every resampling evalsuite does, so the same scores always give the same intervals and p-values. */
export const BOOTSTRAP_SEED = 20_240_601

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): fast, and the same sequence on every platform. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
