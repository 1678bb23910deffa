import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Vitest } from 'vitest/node'
import { evalsuite } from '../src/plugin.ts'

// the parts of Vitest the plugin's configureVitest touches
function configure(config: { shard?: { index: number; count: number }; outputFile?: string | Record<string, string> } = {}) {
  const vitest = { config: { reporters: [] as unknown[], root: '/project', ui: false, snapshotOptions: { updateSnapshot: 'none' }, ...config } } as unknown as Vitest
  const plugin = evalsuite() as unknown as { configureVitest: (context: object) => Promise<void> }
  const project = { name: 'unit', vite: { config: { configFile: undefined } } }
  return { vitest, done: plugin.configureVitest({ vitest, project, injectTestProjects: async () => [] }) }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the plugin with EVALSUITE_SHARD', () => {
  it('names the blob report after the shard, so the machines\' reports can be gathered in one folder', async () => {
    vi.stubEnv('EVALSUITE_SHARD', '2/3')
    const { vitest, done } = configure()
    await done
    expect(vitest.config.outputFile).toEqual({ blob: '.vitest-reports/blob-evalsuite-2-3.json' })
  })

  it('keeps a blob report name the user gave', async () => {
    vi.stubEnv('EVALSUITE_SHARD', '1/2')
    const named = configure({ outputFile: { blob: 'mine.json', json: 'out.json' } })
    await named.done
    expect(named.vitest.config.outputFile).toEqual({ blob: 'mine.json', json: 'out.json' })
    const one = configure({ outputFile: 'everything.json' })
    await one.done
    expect(one.vitest.config.outputFile).toBe('everything.json')
  })

  it('leaves the blob report alone without EVALSUITE_SHARD', async () => {
    const { vitest, done } = configure()
    await done
    expect(vitest.config.outputFile).toBeUndefined()
  })

  it('refuses to shard samples and files at once, and a malformed EVALSUITE_SHARD', async () => {
    vi.stubEnv('EVALSUITE_SHARD', '1/2')
    await expect(configure({ shard: { index: 1, count: 2 } }).done).rejects.toThrow(
      'EVALSUITE_SHARD shards the samples of every benchmark, and --shard splits the files: use one of them, not both.',
    )
    vi.stubEnv('EVALSUITE_SHARD', '3/2')
    await expect(configure().done).rejects.toThrow('EVALSUITE_SHARD must be "i/n" with 1 ≤ i ≤ n')
  })
})
