import { expect, it } from 'vitest'
import { shownValue } from '../../src/schema/index.ts'

it('quotes a value as JSON, but what JSON cannot say as JavaScript writes it, and a long one cut in the middle', () => {
  const cycle: Record<string, unknown> = {}
  cycle.self = cycle
  expect([Number.NaN, Number.NEGATIVE_INFINITY, undefined, 'yes', { a: 1 }, cycle].map(shownValue)).toEqual([
    'NaN',
    '-Infinity',
    'undefined',
    '"yes"',
    '{"a":1}',
    '[object Object]',
  ])
  const long = shownValue(`<${'x'.repeat(5_000_000)}>`)
  expect(long).toMatch(/^"<x+\.\.\.\[4,999,8\d\d characters cut\]\.\.\.x+>"$/)
  expect(long.length).toBeLessThanOrEqual(200)
})
