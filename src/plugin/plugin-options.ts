import type { EarlyStopOptions, MetricDefinition, RecordingMode } from '../schema/index.ts'
import type { JudgePluginOptions } from './judge-plugin-options.ts'
import type { ProgressOptions } from './progress-reporter.ts'

/** Options of the evalsuite Vitest plugin. */
export interface EvalsuitePluginOptions {
  /** Globs of the eval files. @default ["evals/**\/*.eval.ts"] */
  include?: string[]
  /** Timeout of one sample's test, model call and scoring included. @default 600000 */
  testTimeout?: number
  /** Folder for the JSON reports. @default "eval-reports" */
  outputDir?: string
  /** Name of the Vitest project the eval files run in. @default "evals" */
  projectName?: string
  /**
   * Recorded model replies: their mode alone (`"replay"`, as a benchmark's `recordings` is written), or the mode and
   * the folder. `mode`: "live" calls only, "record" calls and records, "replay" never calls (a missing
   * recording fails its sample), "auto" replays what exists and records the rest. The environment variable
   * EVALSUITE_RECORDINGS overrides it; `-u` with EVALSUITE_UPDATE=recordings records every reply again.
   * @default { mode: "replay" when CI is set, else "auto"; dir: "evals/__recordings__" }
   */
  recordings?: RecordingMode | { mode?: RecordingMode; dir?: string }
  /** The default judge models and verdict settings; a benchmark's own `judge` option outranks them. */
  judge?: JudgePluginOptions
  /**
   * Progress of long runs (samples done of total, errors, elapsed, ETA, tokens, cost): a live line under Vitest's
   * summary in a terminal, a plain line every `intervalMs` elsewhere. `false` turns it off.
   * @default { intervalMs: 30000 }
   */
  progress?: false | ProgressOptions
  /**
   * Committed baselines that regression gates and the table's "Δ baseline" column compare with; `vitest run -u`
   * rewrites them, unless EVALSUITE_UPDATE leaves them out. @default { dir: "evals/__baselines__" }
   */
  baselines?: { dir?: string }
  /**
   * Metrics added to the catalog, or overriding built-in entries: how the reporter reads and shows them. A metric
   * a scorer emits without an entry is shown as a bare value with no direction, and is never gated on regressions.
   * @example { politeness: { direction: 'higher', range: [0, 1] }, tool_calls: { direction: 'lower', unit: 'calls' } }
   */
  metricDefinitions?: Record<string, MetricDefinition>
  /**
   * The default `earlyStop` of every benchmark that sets none, applied where its samples may be shuffled; a
   * benchmark's own `earlyStop` outranks it.
   * @default false
   */
  earlyStop?: EarlyStopOptions
  /**
   * Trades a process-wide setting for less memory in very large runs: every worker thread this Vitest process starts
   * from then on (the eval workers, and the user's own test workers in the same run) gets a young generation of 4 MB
   * semi-spaces (V8's `--max-semi-space-size=4`, unless Node's command line or NODE_OPTIONS sets one), and an eval
   * file's worker runs one full garbage collection, through the inspector, once it has declared 10,000 tests or
   * more. Measured with `npm run bench:memory` (docs/configuration.md): the peak of a 50,000-sample run 603 MiB with
   * it, 642 MiB without.
   * @default false
   */
  compactWorkerHeaps?: boolean
}

/** Every default of the plugin's options, in one place: the plugin's resolution and the docs' `@default`s say the same. */
export const PLUGIN_DEFAULTS = {
  include: ['evals/**/*.eval.ts'],
  testTimeout: 600_000,
  outputDir: 'eval-reports',
  projectName: 'evals',
  recordings: { dir: 'evals/__recordings__' },
  baselines: { dir: 'evals/__baselines__' },
} as const

/** What the reporter takes from the plugin's options: where the reports and baselines go, and the added metrics. */
export interface ReporterSettings {
  outputDir: string
  /** Relative to the project root. */
  baselines: { dir: string }
  metricDefinitions: Record<string, MetricDefinition> | undefined
  /** The Vitest project of the eval files. */
  projectName: string
}

/** The plugin's options with every default applied: made once, and handed to `provide` and to the reporter. */
export interface ResolvedPluginOptions extends ReporterSettings {
  include: string[]
  testTimeout: number
  /** `mode` stays unset when the options set none: the environment and CI decide it (see recordingSettings). */
  recordings: { mode?: RecordingMode; dir: string }
  judge: JudgePluginOptions | undefined
  progress: false | ProgressOptions | undefined
  earlyStop: EarlyStopOptions | undefined
  compactWorkerHeaps: boolean
}

// a mode alone is the mode, with the default folder
function recordingOptions(given: EvalsuitePluginOptions['recordings']): ResolvedPluginOptions['recordings'] {
  const { mode, dir } = typeof given === 'string' ? { mode: given, dir: undefined } : (given ?? {})
  return { ...(mode === undefined ? {} : { mode }), dir: dir ?? PLUGIN_DEFAULTS.recordings.dir }
}

/** The plugin's options with their defaults; paths stay as given, relative to the project root, which Vitest knows later. */
export function resolvePluginOptions(options: EvalsuitePluginOptions): ResolvedPluginOptions {
  return {
    include: options.include ?? [...PLUGIN_DEFAULTS.include],
    testTimeout: options.testTimeout ?? PLUGIN_DEFAULTS.testTimeout,
    outputDir: options.outputDir ?? PLUGIN_DEFAULTS.outputDir,
    projectName: options.projectName ?? PLUGIN_DEFAULTS.projectName,
    recordings: recordingOptions(options.recordings),
    baselines: { dir: options.baselines?.dir ?? PLUGIN_DEFAULTS.baselines.dir },
    metricDefinitions: options.metricDefinitions,
    judge: options.judge,
    progress: options.progress,
    earlyStop: options.earlyStop,
    compactWorkerHeaps: options.compactWorkerHeaps ?? false,
  }
}
