import { expect, it, vi } from 'vitest'
import { providedGateSettings } from '../../src/vitest/provided-settings.ts'

// what the plugin provided, as the workers' inject returns it
const { provided } = vi.hoisted(() => ({ provided: new Map<string, unknown>() }))

vi.mock(import('vitest'), async (original) => ({ ...(await original()), inject: ((key: string) => provided.get(key)) as never }))

it('parses the gate settings the plugin provided, and refuses a malformed value naming the key and what is wrong', () => {
  provided.set('evalsuite:gates', {
    root: '/project',
    baselines: { dir: 'evals/__baselines__' },
    updateMode: 'none',
    earlyStop: { alpha: 0.1 },
  })
  expect(providedGateSettings()).toEqual({
    root: '/project',
    baselines: { dir: 'evals/__baselines__' },
    updateMode: 'none',
    earlyStop: { alpha: 0.1 },
  })
  provided.set('evalsuite:gates', { root: '/project', baselines: { dir: 3 }, updateMode: 'none', earlyStop: { alpha: 2 } })
  expect(() => providedGateSettings()).toThrowErrorMatchingInlineSnapshot(
    `[ConfigError: The gate settings the evalsuite plugin provided ("evalsuite:gates") are malformed: option "evalsuite:gates.baselines.dir" Invalid input: expected string, received number; option "evalsuite:gates.earlyStop.alpha" must be a number above 0 and below 1, such as 0.05; received 2. Use the plugin and the package of one evalsuite version.]`,
  )
})

it('reads the settings of a worker once: every benchmark and gate test gets the same parsed object', () => {
  provided.set('evalsuite:gates', {
    root: '/project',
    baselines: { dir: 'b' },
    updateMode: 'new',
    metricDefinitions: { politeness: { direction: 'higher' } },
  })
  const first = providedGateSettings()
  expect(providedGateSettings()).toBe(first)
  provided.delete('evalsuite:gates')
  expect(providedGateSettings()).toBeUndefined()
})
