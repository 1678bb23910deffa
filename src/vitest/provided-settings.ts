import { inject } from 'vitest'
import { parseRecordingSettings } from '../run/index.ts'
import { parseProvidedJudgeSettings } from '../judge/index.ts'
import type { GateSettings } from '../gates/index.ts'
import { ANNOTATE_SAMPLES_KEY, GATES_KEY, JUDGE_KEY, type ProvidedJudgeSettings, QUICK_EVAL_KEY, RECORDINGS_KEY, type RecordingSettings } from '../schema/index.ts'

// the one place that reads what the plugin provided (provided-context.ts declares its shape); the core takes each
// setting as an argument

/** What the plugin provided for evaluating gates; undefined when the evalsuite plugin is not in the project. */
export function providedGateSettings(): GateSettings | undefined {
  return inject(GATES_KEY)
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

/** What `evalsuite eval` provided to the eval file it generated, unparsed; undefined in any other run. */
export function providedQuickEval(): unknown {
  return inject(QUICK_EVAL_KEY)
}
