import { expect, it } from 'vitest'
import { shortLines, shortList } from '../../src/schema/index.ts'

it('lists the first items and counts the rest, with thousands separated', () => {
  const columns = Array.from({ length: 1_000_000 }, (_, index) => `c${index}`)
  expect(shortList(columns, 3)).toBe('c0, c1, c2 and 999,997 more')
  expect(shortList(['a', 'b'], 3)).toBe('a, b')
  expect(shortList(['a', 'b', 'c', 'd'], 3, '; ')).toBe('a; b; c and 1 more')
})

it('cuts a list printed one item a line the same way, writing only the items it shows', () => {
  const shown: number[] = []
  const show = (n: number) => (shown.push(n), `issue ${n}`)
  expect(
    shortLines(
      Array.from({ length: 1_234 }, (_, index) => index),
      2,
      show,
    ),
  ).toEqual(['issue 0', 'issue 1', '… and 1,232 more'])
  expect(shown).toEqual([0, 1])
  expect(shortLines([7], 2, show)).toEqual(['issue 7'])
  expect(shortLines([1, 2, 3], 1, show, 'issues of the file')).toEqual(['issue 1', '… and 2 more issues of the file'])
})
