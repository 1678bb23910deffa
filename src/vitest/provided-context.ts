import type {
  ANNOTATE_SAMPLES_KEY,
  COMPACT_HEAPS_KEY,
  GATES_KEY,
  GateSettings,
  JUDGE_KEY,
  ProvidedJudgeSettings,
  QUICK_EVAL_KEY,
  RECORDINGS_KEY,
  RecordingSettings,
} from '../schema/index.ts'

// what the plugin provides to the eval project's workers (plugin.ts) and the workers inject: declared on Vitest's
// own interface, so that `provide` and `inject` are checked against one shape. Each is optional: an eval file run
// without the plugin injects nothing
declare module 'vitest' {
  export interface ProvidedContext {
    [RECORDINGS_KEY]?: RecordingSettings
    [JUDGE_KEY]?: ProvidedJudgeSettings
    [ANNOTATE_SAMPLES_KEY]?: boolean
    [COMPACT_HEAPS_KEY]?: boolean
    [GATES_KEY]?: GateSettings
    // `evalsuite eval`'s settings, parsed by the CLI's suite that reads them
    [QUICK_EVAL_KEY]?: unknown
  }
}
