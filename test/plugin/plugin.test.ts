import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Vitest } from 'vitest/node'
import { evalsuite, type EvalsuitePluginOptions } from '../../src/plugin.ts'

// the parts of Vitest the plugin's configureVitest touches; `injected` is the eval project it asked for
function configure(
  config: {
    shard?: { index: number; count: number }
    outputFile?: string | Record<string, string>
    snapshotOptions?: { updateSnapshot: string }
  } = {},
  options: EvalsuitePluginOptions = {},
) {
  const vitest = {
    config: { reporters: [] as unknown[], root: '/project', ui: false, snapshotOptions: { updateSnapshot: 'none' }, ...config },
  } as unknown as Vitest
  const plugin = evalsuite(options) as unknown as { configureVitest: (context: object) => Promise<void> }
  const project = { name: 'unit', vite: { config: { configFile: undefined } } }
  const injected: { test: { provide: Record<string, unknown> } }[] = []
  const injectTestProjects = async (project: (typeof injected)[number]) => {
    injected.push(project)
    return []
  }
  return { vitest, injected, done: plugin.configureVitest({ vitest, project, injectTestProjects }) }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the plugin with EVALSUITE_SHARD', () => {
  it("names the blob report after the shard, so the machines' reports can be gathered in one folder", async () => {
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

describe('the plugin options', () => {
  it('hands the workers the recording, judge and metric settings, from the options and the environment', async () => {
    vi.stubEnv('CI', 'true')
    vi.stubEnv('EVALSUITE_VERDICTS', 'live')
    const metrics = { politeness: { direction: 'higher' as const, range: [0, 1] as [number, number] } }
    const { injected, done } = configure(
      {},
      {
        recordings: { dir: 'recorded' },
        judge: { model: ['gpt-4o-mini', { model: 'judge-2', apiKeyEnv: 'JUDGE_KEY' }], concurrency: 3 },
        metricDefinitions: metrics,
      },
    )
    await done
    expect(injected[0]?.test.provide).toEqual({
      'evalsuite:recordings': { mode: 'replay', dir: '/project/recorded', fromEnvironment: false },
      'evalsuite:annotate-samples': false,
      'evalsuite:compact-heaps': false,
      'evalsuite:judge': {
        concurrency: 3,
        models: [{ model: 'gpt-4o-mini' }, { model: 'judge-2', apiKeyEnv: 'JUDGE_KEY' }],
        verdicts: 'live',
        fromEnvironment: true,
        update: false,
      },
      // what the gate tests judge with, the reporter's own settings; a gate on a misspelt metric, or out of the
      // metric's range, fails where its benchmark is declared
      'evalsuite:gates': { root: '/project', baselines: { dir: 'evals/__baselines__' }, metricDefinitions: metrics, updateMode: 'none' },
    })
  })

  it('resolves the options once: the reporter writes where the workers read, from the same defaults or options', async () => {
    const settingsOf = async (options: EvalsuitePluginOptions) => {
      const { vitest, injected, done } = configure({}, { progress: false, ...options })
      await done
      const reporter = vitest.config.reporters[0] as { options: object }
      return { reporter: reporter.options, gates: injected[0]?.test.provide['evalsuite:gates'] }
    }
    expect(await settingsOf({})).toEqual({
      reporter: {
        outputDir: 'eval-reports',
        baselines: { dir: 'evals/__baselines__' },
        metricDefinitions: undefined,
        projectName: 'evals',
      },
      gates: { root: '/project', baselines: { dir: 'evals/__baselines__' }, updateMode: 'none' },
    })
    const metricDefinitions = { politeness: { direction: 'higher' as const } }
    const given = await settingsOf({ outputDir: 'out', baselines: { dir: 'kept' }, projectName: 'quality', metricDefinitions })
    expect(given.reporter).toEqual({ outputDir: 'out', baselines: { dir: 'kept' }, metricDefinitions, projectName: 'quality' })
    expect(given.gates).toMatchObject({ baselines: { dir: 'kept' }, metricDefinitions })
  })

  it('keeps the name the user writes for each option in the settings the reporter and the gate tests get', async () => {
    const { vitest, injected, done } = configure(
      {},
      { progress: false, baselines: { dir: 'b' }, metricDefinitions: { tone: { direction: 'higher' } }, judge: { verdicts: 'live' } },
    )
    await done
    expect(injected[0]?.test.provide['evalsuite:judge']).toMatchObject({ verdicts: 'live' })
    const reporter = (vitest.config.reporters[0] as { options: Record<string, unknown> }).options
    const gates = injected[0]?.test.provide['evalsuite:gates'] as Record<string, unknown>
    for (const settings of [reporter, gates]) {
      expect(settings.baselines).toEqual({ dir: 'b' })
      expect(settings.metricDefinitions).toEqual({ tone: { direction: 'higher' } })
    }
  })

  it("takes a recording mode alone as the plugin's recordings, as a benchmark's recordings option is written", async () => {
    const recordingsOf = async (recordings: EvalsuitePluginOptions['recordings']): Promise<unknown> => {
      const { injected, done } = configure({}, { recordings })
      await done
      return injected[0]?.test.provide['evalsuite:recordings']
    }
    expect(await recordingsOf('live')).toEqual({ mode: 'live', dir: '/project/evals/__recordings__', fromEnvironment: false })
    expect(await recordingsOf({ mode: 'record', dir: 'r' })).toEqual({ mode: 'record', dir: '/project/r', fromEnvironment: false })
    await expect(recordingsOf('sometimes' as 'live')).rejects.toThrow(
      'evalsuite({ recordings }): the mode must be one of live, record, replay, auto; received "sometimes". Give recordings: "replay" or recordings: { mode: "replay", dir }.',
    )
  })

  it("replays verdicts in CI even with a judge key set, unless a mode is chosen; outside CI, leaves the choice to the judges' credentials", async () => {
    const modeOf = async (options: EvalsuitePluginOptions = {}): Promise<unknown> => {
      const { injected, done } = configure({}, { judge: { model: 'gpt-4o-mini' }, ...options })
      await done
      return (injected[0]?.test.provide['evalsuite:judge'] as { verdicts?: string }).verdicts
    }
    vi.stubEnv('OPENAI_API_KEY', 'sk-test')
    vi.stubEnv('CI', 'true')
    expect(await modeOf()).toBe('replay')
    expect(await modeOf({ judge: { model: 'gpt-4o-mini', verdicts: 'record' } })).toBe('record')
    const { injected, done } = configure({ snapshotOptions: { updateSnapshot: 'all' } }, { judge: { model: 'gpt-4o-mini' } })
    await done
    expect(injected[0]?.test.provide['evalsuite:judge']).toMatchObject({ update: true })
    expect(injected[0]?.test.provide['evalsuite:judge']).not.toHaveProperty('verdicts')
    vi.stubEnv('CI', 'false')
    expect(await modeOf()).toBeUndefined()
  })

  it("declares evalsuite's tags in the config, once, beside the user's", () => {
    const plugin = evalsuite() as unknown as { config: (config: { test?: { tags?: { name: string }[] } }) => void }
    const config = { test: { tags: [{ name: 'slow' }] } }
    plugin.config(config)
    plugin.config(config)
    expect(config.test.tags.map((tag) => tag.name)).toEqual(['slow', 'evalsuite:sample', 'evalsuite:gate'])
  })

  it('refuses a malformed judge option, metric, earlyStop or mode before any worker starts, naming what is wrong', async () => {
    await expect(configure({}, { judge: { concurrency: 0, verdicts: 'sometimes' as 'live' } }).done).rejects.toThrow(
      /^evalsuite plugin option "judge\.concurrency" .*; "judge\.verdicts" Invalid option: expected one of "live"\|"record"\|"replay"\.$/,
    )
    await expect(configure({}, { metricDefinitions: { Tone: { direction: 'higher' } } }).done).rejects.toThrow(
      'evalsuite({ metricDefinitions }): "Tone": a metric name is snake_case',
    )
    await expect(configure({}, { earlyStop: { alpha: 5 } }).done).rejects.toThrow(
      'evalsuite({ earlyStop }): option "earlyStop.alpha" must be a number above 0 and below 1, such as 0.05; received 5.',
    )
    await expect(configure({}, { earlyStop: { alpha: Number.NaN } }).done).rejects.toThrow(
      'evalsuite({ earlyStop }): option "earlyStop.alpha" must be a number above 0 and below 1, such as 0.05; received NaN.',
    )
    await expect(configure({}, { earlyStop: null as never }).done).rejects.toThrow(
      'evalsuite({ earlyStop }): option "earlyStop" must be true, false or { alpha?, minSamples? }; received null.',
    )
    vi.stubEnv('EVALSUITE_RECORDINGS', 'sometimes')
    await expect(configure().done).rejects.toThrow('EVALSUITE_RECORDINGS must be one of live, record, replay, auto; received "sometimes".')
    vi.stubEnv('EVALSUITE_RECORDINGS', '')
    vi.stubEnv('EVALSUITE_VERDICTS', 'never')
    await expect(configure().done).rejects.toThrow('EVALSUITE_VERDICTS must be one of live, record, replay; received "never".')
  })
})
