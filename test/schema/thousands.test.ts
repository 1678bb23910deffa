import { expect, it } from 'vitest'
import { thousands } from '../../src/schema/index.ts'

it("writes whole counts as toLocaleString('en-US') does, without loading the locale data", () => {
  for (const count of [0, 7, 999, 1000, 15_000, 123_456, 1_000_000, 987_654_321, -1234, Number.MAX_SAFE_INTEGER])
    expect(thousands(count)).toBe(count.toLocaleString('en-US'))
})
