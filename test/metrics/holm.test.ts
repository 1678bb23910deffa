import { expect, it } from 'vitest'
import { holmAdjust } from '../../src/metrics/index.ts'

it('multiplies the i-th smallest p-value by m − i, keeps the adjusted values in order and caps them at 1, in input order', () => {
  // sorted 0.01, 0.02, 0.04, 0.5: 4 · 0.01 = 0.04; 3 · 0.02 = 0.06; 2 · 0.04 = 0.08; 1 · 0.5 = 0.5
  expect(holmAdjust([0.04, 0.5, 0.01, 0.02]).map((p) => Number(p.toFixed(12)))).toEqual([0.08, 0.5, 0.04, 0.06])
  // a later, smaller product is raised to the one before it (step-down), and nothing passes 1
  expect(holmAdjust([0.03, 0.031, 0.9])).toEqual([0.09, 0.09, 0.9])
  expect(holmAdjust([0.6, 0.7])).toEqual([1, 1])
  expect(holmAdjust([])).toEqual([])
})
