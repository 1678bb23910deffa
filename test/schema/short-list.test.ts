import { expect, it } from 'vitest'
import { shortList } from '../../src/schema/index.ts'

it('lists the first items and counts the rest, with thousands separated', () => {
  const columns = Array.from({ length: 1_000_000 }, (_, index) => `c${index}`)
  expect(shortList(columns, 3)).toBe('c0, c1, c2 and 999,997 more')
  expect(shortList(['a', 'b'], 3)).toBe('a, b')
  expect(shortList(['a', 'b', 'c', 'd'], 3, '; ')).toBe('a; b; c and 1 more')
})
