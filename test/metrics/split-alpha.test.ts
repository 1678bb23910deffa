import { describe, expect, it } from 'vitest'
import { splitAlpha } from '../../src/metrics/index.ts'

describe('splitAlpha', () => {
  it("gives each of a benchmark's gates an equal share of its alpha", () => {
    expect(splitAlpha(0.05, 1)).toBe(0.05)
    expect(splitAlpha(0.05, 4)).toBe(0.0125)
  })

  it('refuses an alpha outside (0, 1) and a count of gates that is not a count', () => {
    expect(() => splitAlpha(1, 2)).toThrow('alpha must be strictly between 0 and 1, received 1')
    expect(() => splitAlpha(0.05, 0)).toThrow('The number of gates must be a whole number of at least 1, received 0')
  })
})
