import { inject } from 'vitest'
import { ConfigError } from '../errors.ts'
import { parseRecordingSettings } from '../run/index.ts'
import { parseProvidedJudgeSettings } from '../judge/index.ts'
import {
  ANNOTATE_SAMPLES_KEY,
  COMPACT_HEAPS_KEY,
  GATES_KEY,
  GateSettingsSchema,
  JUDGE_KEY,
  optionProblems,
  QUICK_EVAL_KEY,
  RECORDINGS_KEY,
  type GateSettings,
  type ProvidedJudgeSettings,
  type RecordingSettings,
  PARSED_ONCE,
} from '../schema/index.ts'

// the one place that reads what the plugin provided (provided-context.ts declares its shape); the core takes each
// setting as an argument

// parsed once per provided value: every benchmark and gate test asks, and the metric catalog is cached by the
// identity of the parsed settings' metrics
const parsedGates = new WeakMap<object, GateSettings>()

/**
 * What the plugin provided for evaluating gates, parsed; undefined when the evalsuite plugin is not in the project. A
 * value of another shape (a plugin of another evalsuite version in the config) is refused, naming the key.
 */
export function providedGateSettings(): GateSettings | undefined {
  const provided: unknown = inject(GATES_KEY)
  if (provided === undefined) return undefined
  const known = typeof provided === 'object' && provided !== null ? parsedGates.get(provided) : undefined
  if (known !== undefined) return known
  const parsed = GateSettingsSchema.safeParse(provided, PARSED_ONCE)
  if (!parsed.success) {
    const problems = optionProblems(parsed.error, [GATES_KEY]).join('; ')
    throw new ConfigError(
      `The gate settings the evalsuite plugin provided ("${GATES_KEY}") are malformed: ${problems}. Use the plugin and the package of one evalsuite version.`,
    )
  }
  parsedGates.set(provided as object, parsed.data)
  return parsed.data
}

/** The plugin's recording settings; without the plugin, models are called live. */
export function providedRecordingSettings(): RecordingSettings {
  return parseRecordingSettings(inject(RECORDINGS_KEY))
}

/** The plugin's judge settings; without the plugin, none. */
export function providedJudgeSettings(): ProvidedJudgeSettings {
  return parseProvidedJudgeSettings(inject(JUDGE_KEY))
}

/** Whether the plugin asked for per-sample annotations (a JUnit or html reporter, or the UI, is on). */
export function sampleAnnotationsWanted(): boolean {
  return inject(ANNOTATE_SAMPLES_KEY) === true
}

/** Whether the plugin's `compactWorkerHeaps` asked the eval workers to collect the garbage of loading a large file. */
export function compactHeapsWanted(): boolean {
  return inject(COMPACT_HEAPS_KEY) === true
}

/** What `evalsuite eval` provided to the eval file it generated, unparsed; undefined in any other run. */
export function providedQuickEval(): unknown {
  return inject(QUICK_EVAL_KEY)
}
