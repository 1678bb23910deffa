import { createRandom } from './create-random.ts'
import { hashText } from './hash-text.ts'

// a user's seed (42 or "gsm8k") is hashed as text, so that 42 and "42" draw the same order
const randomFor = (seed: number | string): (() => number) => createRandom(hashText(String(seed)))

/** A copy of `items` in a random order fixed by `seed` (Fisher–Yates). */
export function seededShuffle<T>(items: readonly T[], seed: number | string): T[] {
  const random = randomFor(seed)
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
  const random = randomFor(seed)
  const swapped = new Map<number, number>()
  for (let i = 0; i < length; i++) {
    const j = i + Math.floor(random() * (length - i))
    const atJ = swapped.get(j) ?? j
    swapped.set(j, swapped.get(i) ?? i)
    yield atJ
  }
}
