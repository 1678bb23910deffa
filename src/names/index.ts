// The names the plugin needs while Vitest starts, before the first worker. They are kept free of zod (about 40 ms to
// load), so that the plugin loads zod only when an option it was given needs checking.

/** How model calls meet recordings: call only, call and record, replay only, or replay what exists and record the rest. */
export const RECORDING_MODES = ['live', 'record', 'replay', 'auto'] as const

/** How judge calls meet the committed verdicts: call only, reuse and record, or reuse only (a miss fails its sample). */
export const VERDICT_MODES = ['live', 'record', 'replay'] as const

/** The `provide` key under which the plugin hands the recording settings to the workers. */
export const RECORDINGS_KEY = 'evalsuite:recordings'

/** The `provide` key under which the plugin hands the judge settings to the workers. */
export const JUDGE_KEY = 'evalsuite:judge'

/**
 * The `provide` key under which the plugin asks the workers to annotate every scored sample (its input, target,
 * output, extracted answer and scores): when a reporter shows annotations (JUnit properties, the html report) or the
 * UI runs. Otherwise samples skip the extra round trip to the main process.
 */
export const ANNOTATE_SAMPLES_KEY = 'evalsuite:annotate-samples'

/**
 * The `provide` key under which the plugin tells the eval workers that the user asked for compact heaps
 * (`compactWorkerHeaps`): a large eval file's worker then collects the garbage of loading once its tests are declared.
 */
export const COMPACT_HEAPS_KEY = 'evalsuite:compact-heaps'

/** The `provide` key under which `evalsuite eval` hands its run's settings to the eval file it generated. */
export const QUICK_EVAL_KEY = 'evalsuite:quick-eval'

/** The environment variable that shards every benchmark's samples, e.g. `EVALSUITE_SHARD=2/4`. */
export const SHARD_VARIABLE = 'EVALSUITE_SHARD'

/**
 * The worker-thread environment data (`node:worker_threads`) holding the memory in which the eval files of a run share
 * their rate limits, and its size: 24 bytes per endpoint and limit.
 */
export const RATE_LIMITS_KEY = 'evalsuite:rate-limits'
export const RATE_LIMITS_BYTES = 24 * 256

/**
 * The `provide` key under which the plugin hands the workers what a benchmark's gate tests judge with: the project
 * root, the baseline folder, the metrics the user added, and Vitest's snapshot update mode (`-u` rewrites baselines).
 */
export const GATES_KEY = 'evalsuite:gates'

/**
 * The tags of evalsuite's tests, declared in the config by the plugin: the UI's and the html report's search finds
 * every sample with `tag:evalsuite:sample`, every gate with `tag:evalsuite:gate`.
 */
export const SAMPLE_TAG = 'evalsuite:sample'
export const GATE_TAG = 'evalsuite:gate'
