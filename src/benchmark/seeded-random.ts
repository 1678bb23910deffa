/** FNV-1a over a text's UTF-16 code units: a 32-bit hash that is the same on every machine and Node version. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A seeded generator of numbers in [0, 1) (the mulberry32 algorithm). `Math.random` cannot be seeded, and a run must
 * draw the same order and the same few-shot examples on every machine for its recordings and baselines to apply.
 */
export function createRandom(seed: number | string): () => number {
  let state = hashText(String(seed))
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** A copy of `items` in a random order fixed by `seed` (Fisher–Yates). */
export function seededShuffle<T>(items: readonly T[], seed: number | string): T[] {
  const random = createRandom(seed)
  const shuffled = [...items]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j] as T, shuffled[i] as T]
  }
  return shuffled
}

/**
 * Indices 0..length-1 in a random order fixed by `seed`, drawn lazily: taking the first k costs O(k), not O(length)
 * (a Fisher–Yates shuffle whose swaps are kept in a map).
 */
export function* seededIndices(length: number, seed: number | string): Generator<number> {
  const random = createRandom(seed)
  const swapped = new Map<number, number>()
  for (let i = 0; i < length; i++) {
    const j = i + Math.floor(random() * (length - i))
    const atJ = swapped.get(j) ?? j
    swapped.set(j, swapped.get(i) ?? i)
    yield atJ
  }
}
