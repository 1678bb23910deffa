import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads'
import type { Plugin } from 'vitest/config'
import type { Vitest } from 'vitest/node'
import { ConfigError } from '../errors.ts'
import {
  ANNOTATE_SAMPLES_KEY,
  COMPACT_HEAPS_KEY,
  GATE_TAG,
  GATES_KEY,
  JUDGE_KEY,
  RATE_LIMITS_BYTES,
  RATE_LIMITS_KEY,
  RECORDING_MODES,
  RECORDINGS_KEY,
  SAMPLE_TAG,
  SHARD_VARIABLE,
  VERDICT_MODES,
} from '../names/index.ts'
import type { ProvidedJudgeSettings, RecordingMode, RecordingSettings, VerdictMode } from '../schema/index.ts'
import { resolvePluginOptions, type EvalsuitePluginOptions, type ResolvedPluginOptions } from './plugin-options.ts'
import { ProgressReporter } from './progress-reporter.ts'
import { EvalsuiteReporter } from './reporter.ts'
import { runWhenNamed } from './run-when-named.ts'
import { baselineUpdateMode, updateTargets, type UpdateTarget } from './update-targets.ts'
import { sizeWorkerHeaps } from './worker-heap.ts'

// Everything this module loads is on the way to the first worker: zod and the schemas, the judge's option checks
// and the reports' modules are loaded only when an option needs them, or once the tests run.

export type { JudgePluginOptions } from './judge-plugin-options.ts'
export type { EvalsuitePluginOptions } from './plugin-options.ts'

// an environment variable naming one of `modes`, which outranks the options; unset or empty chooses nothing
function modeFromEnvironment<T extends string>(variable: string, modes: readonly T[]): T | undefined {
  const text = process.env[variable]
  if (text === undefined || text === '') return undefined
  if (!(modes as readonly string[]).includes(text))
    throw new ConfigError(`${variable} must be one of ${modes.join(', ')}; received "${text}".`)
  return text as T
}

// in CI, replies and verdicts are replayed unless asked otherwise: a run there never pays for calls nor re-judges
// a changed output in silence, even where a key is set
function inCI(): boolean {
  return Boolean(process.env.CI) && process.env.CI !== 'false'
}

function recordingSettings(options: ResolvedPluginOptions, root: string, updates: ReadonlySet<UpdateTarget>): RecordingSettings {
  const given = options.recordings.mode
  if (given !== undefined && !RECORDING_MODES.includes(given)) {
    throw new ConfigError(
      `evalsuite({ recordings }): the mode must be one of ${RECORDING_MODES.join(', ')}; received ${JSON.stringify(given)}. Give recordings: "replay" or recordings: { mode: "replay", dir }.`,
    )
  }
  const chosen = modeFromEnvironment('EVALSUITE_RECORDINGS', RECORDING_MODES)
  const mode: RecordingMode = chosen ?? (updates.has('recordings') ? 'record' : (options.recordings.mode ?? (inCI() ? 'replay' : 'auto')))
  return { mode, dir: resolve(root, options.recordings.dir), fromEnvironment: chosen !== undefined }
}

/**
 * With EVALSUITE_SHARD every machine runs every file, so the blob reports would all be named `blob.json`; each is
 * named after its shard instead, so that they can be gathered in one folder for `--merge-reports`.
 */
async function shardBlobReports(vitest: Vitest): Promise<void> {
  if (!process.env[SHARD_VARIABLE]) return
  const { shardFromEnvironment } = await import('../schema/index.ts')
  const shard = shardFromEnvironment()
  if (shard === undefined) return
  if (vitest.config.shard) {
    throw new ConfigError(
      `${SHARD_VARIABLE} shards the samples of every benchmark, and --shard splits the files: use one of them, not both.`,
    )
  }
  const outputFile = vitest.config.outputFile
  if (typeof outputFile === 'string') return
  const blob = `.vitest-reports/blob-evalsuite-${shard.index}-${shard.count}.json`
  vitest.config.outputFile = { ...outputFile, blob: outputFile?.blob ?? blob }
}

// reporters that show annotations (JUnit properties, the html report) or keep them for one that will (blob)
const ANNOTATION_REPORTERS = new Set(['junit', 'html', 'blob'])

function wantsSampleAnnotations(vitest: Vitest): boolean {
  return vitest.config.ui || vitest.config.reporters.some((reporter) => Array.isArray(reporter) && ANNOTATION_REPORTERS.has(reporter[0]))
}

async function judgeSettings(options: ResolvedPluginOptions, updates: ReadonlySet<UpdateTarget>): Promise<ProvidedJudgeSettings> {
  const { models, verdicts, run } =
    options.judge === undefined
      ? { models: [], verdicts: undefined, run: {} }
      : (await import('./judge-plugin-options.ts')).parseJudgePluginOptions(options.judge)
  const fromEnvironment = modeFromEnvironment('EVALSUITE_VERDICTS', VERDICT_MODES)
  const update = updates.has('verdicts')
  // -u asks to judge again, in CI too
  const chosen: VerdictMode | undefined = fromEnvironment ?? verdicts ?? (inCI() && !update ? 'replay' : undefined)
  return {
    ...run,
    models,
    ...(chosen === undefined ? {} : { verdicts: chosen }),
    fromEnvironment: fromEnvironment !== undefined,
    update,
  }
}

const SETUP_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../vitest/setup.ts' : './setup.js', import.meta.url))

const EVALSUITE_TAGS = [
  [SAMPLE_TAG, 'A benchmark sample: passed when right; skipped, with the reason, when wrong or errored within maxErrors'],
  [GATE_TAG, "A benchmark's gate: a threshold, the regression gate or maxErrors, evaluated on the samples before it"],
] as const

// configureVitest runs once per project, including the one we inject; set up each Vitest instance only once. The set
// lives on globalThis because a config with inline projects (`test.projects`) loads this module once per project
const CONFIGURED = Symbol.for('evalsuite.configured')
const registry: typeof globalThis & { [CONFIGURED]?: WeakSet<Vitest> } = globalThis
const configured = (registry[CONFIGURED] ??= new WeakSet<Vitest>())

/**
 * The evalsuite Vitest plugin: runs the eval files in a project of their own (long timeout, matchers), leaving the
 * user's unit-test settings alone, and adds the evalsuite reporter next to Vitest's own. The eval files run only when
 * the command names them (`vitest run evals`): a plain `vitest run` runs the user's other tests and calls no model.
 * @example
 * // vitest.config.ts
 * export default defineConfig({ plugins: [evalsuite()] })
 */
export function evalsuite(options: EvalsuitePluginOptions = {}): Plugin {
  const resolved = resolvePluginOptions(options)
  const { projectName, include } = resolved
  // the pool the user's config chose, read before Vitest fills in its default (Vitest 5 resolves it in place)
  let chosenPool: unknown
  return {
    name: 'evalsuite',
    config(config) {
      chosenPool = config.test?.pool
      // declared in the config, so that Vitest accepts them on tests and the UI's search parses "tag:evalsuite:gate"
      const test = (config.test ??= {})
      const declared = (test.tags ??= [])
      for (const [name, description] of EVALSUITE_TAGS) if (!declared.some((tag) => tag.name === name)) declared.push({ name, description })
    },
    async configureVitest({ vitest, project, injectTestProjects }) {
      if (configured.has(vitest) || project.name === projectName) return
      configured.add(vitest)
      // the reporter reads the metrics only at the end of the run: a mistake in them must stop the run before it starts
      if (resolved.metricDefinitions !== undefined) (await import('../metrics/index.ts')).createMetricCatalog(resolved.metricDefinitions)
      if (resolved.earlyStop !== undefined) {
        const { EarlyStopOptionsSchema, optionProblems } = await import('../schema/index.ts')
        const parsed = EarlyStopOptionsSchema.safeParse(resolved.earlyStop)
        if (!parsed.success) throw new ConfigError(`evalsuite({ earlyStop }): ${optionProblems(parsed.error, ['earlyStop']).join('; ')}.`)
      }
      vitest.config.reporters.push(new EvalsuiteReporter(resolved))
      await shardBlobReports(vitest)
      if (resolved.progress !== false) vitest.config.reporters.push(new ProgressReporter(resolved.progress))
      const updateMode = vitest.config.snapshotOptions.updateSnapshot
      const updates = updateTargets(updateMode === 'all')
      const judge = await judgeSettings(resolved, updates)
      // the reporter's files and terminal output, written in this process, mask the keys the workers mask
      const { registerEnvironmentKeys } = await import('./environment-keys.ts')
      registerEnvironmentKeys(judge.models)
      // a process-wide flag: only when the options ask for it
      if (resolved.compactWorkerHeaps) sizeWorkerHeaps()
      // worker threads started from here on inherit it: eval files running side by side share each endpoint's rate
      // limits (forked workers cannot, and keep their own)
      if (getEnvironmentData(RATE_LIMITS_KEY) === undefined) setEnvironmentData(RATE_LIMITS_KEY, new SharedArrayBuffer(RATE_LIMITS_BYTES))
      const injected = await injectTestProjects({
        extends: project.vite.config.configFile,
        test: {
          name: projectName,
          // eval files call endpoints and read files: worker threads start sooner than forked processes (Vitest's
          // default, chosen for native modules) and hand results to the main process more cheaply; a pool the user
          // chose is kept
          ...(chosenPool === undefined ? { pool: 'threads' as const } : {}),
          include,
          testTimeout: resolved.testTimeout,
          hookTimeout: resolved.testTimeout,
          setupFiles: [SETUP_FILE],
          provide: {
            [RECORDINGS_KEY]: recordingSettings(resolved, vitest.config.root, updates),
            [ANNOTATE_SAMPLES_KEY]: wantsSampleAnnotations(vitest),
            [COMPACT_HEAPS_KEY]: resolved.compactWorkerHeaps,
            [JUDGE_KEY]: judge,
            [GATES_KEY]: {
              root: vitest.config.root,
              baselines: resolved.baselines,
              ...(resolved.metricDefinitions === undefined ? {} : { metricDefinitions: resolved.metricDefinitions }),
              ...(resolved.earlyStop === undefined ? {} : { earlyStop: resolved.earlyStop }),
              updateMode: baselineUpdateMode(updateMode),
            },
          },
        },
      })
      // extending the user's config concatenates its include globs with ours; the eval project runs eval files only
      for (const evals of injected) {
        evals.config.include = include
        runWhenNamed(vitest, evals, include)
      }
    },
  }
}
