import { afterEach, describe, expect, it, vi } from 'vitest'
import { baselineUpdateMode, updateTargets } from '../../src/plugin/update-targets.ts'

afterEach(() => vi.unstubAllEnvs())

describe('what -u refreshes', () => {
  it('is verdicts and baselines by default, nothing without -u, and what EVALSUITE_UPDATE lists', () => {
    vi.stubEnv('EVALSUITE_UPDATE', '')
    expect([...updateTargets(true)]).toEqual(['verdicts', 'baselines'])
    expect([...updateTargets(false)]).toEqual([])
    vi.stubEnv('EVALSUITE_UPDATE', 'recordings, verdicts')
    expect([...updateTargets(true)]).toEqual(['recordings', 'verdicts'])
    expect([...updateTargets(false)]).toEqual([])
  })

  it('refuses a name it does not know, listing the names', () => {
    vi.stubEnv('EVALSUITE_UPDATE', 'verdict')
    expect(() => updateTargets(true)).toThrow(
      'EVALSUITE_UPDATE names what -u refreshes, a comma-separated list of verdicts, baselines, recordings; received "verdict".',
    )
  })

  it('leaves the baselines alone under a -u that does not list them: nothing written, a missing one not failed', () => {
    vi.stubEnv('EVALSUITE_UPDATE', 'verdicts')
    expect(baselineUpdateMode('all')).toBe('new')
    expect(baselineUpdateMode('none')).toBe('none')
    vi.stubEnv('EVALSUITE_UPDATE', 'baselines')
    expect(baselineUpdateMode('all')).toBe('all')
  })
})
