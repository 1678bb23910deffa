import { describe, expect, it } from 'vitest'
import { supportsColor } from '../../src/render/supports-color.ts'

const terminal = { isTTY: true, hasColors: () => true }
const pipe = {}

describe('supportsColor', () => {
  it('colours a terminal that has colours, and never a pipe', () => {
    expect(supportsColor(terminal, {})).toBe(true)
    expect(supportsColor({ isTTY: true, hasColors: () => false }, {})).toBe(false)
    expect(supportsColor(pipe, {})).toBe(false)
  })

  it('obeys NO_COLOR over everything, and FORCE_COLOR over the stream', () => {
    expect(supportsColor(terminal, { NO_COLOR: '1' })).toBe(false)
    expect(supportsColor(terminal, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false)
    expect(supportsColor(pipe, { FORCE_COLOR: '1' })).toBe(true)
    expect(supportsColor(terminal, { FORCE_COLOR: '0' })).toBe(false)
  })

  it("colours GitHub Actions' log, which shows colours though it is not a terminal", () => {
    expect(supportsColor(pipe, { GITHUB_ACTIONS: 'true' })).toBe(true)
  })
})
