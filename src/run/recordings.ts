import { join } from 'node:path'
import { createRecordedModel, loadRecordingStore, type Model } from '../model/index.ts'
import { fileSlug, RecordingSettingsSchema, type RecordingMode, type RecordingSettings, PARSED_ONCE } from '../schema/index.ts'

/** The recording settings the plugin provided, as the worker received them; without the plugin, models are called live. */
export function parseRecordingSettings(value: unknown): RecordingSettings {
  const parsed = RecordingSettingsSchema.safeParse(value, PARSED_ONCE)
  return parsed.success ? parsed.data : { mode: 'live', dir: '', fromEnvironment: false }
}

/** The benchmark's recording file: its model replies; its tool results are beside it, in `<name>.tools.jsonl`. */
export function recordingFile(benchmark: string, settings: RecordingSettings, kind: 'replies' | 'tools' = 'replies'): string {
  return join(settings.dir, `${fileSlug(benchmark)}${kind === 'tools' ? '.tools' : ''}.jsonl`)
}

/** The recording mode of a benchmark: EVALSUITE_RECORDINGS, else its own `recordings` option, else the plugin's. */
export function recordingModeOf(own: RecordingMode | undefined, settings: RecordingSettings): RecordingMode {
  return settings.fromEnvironment ? settings.mode : (own ?? settings.mode)
}

/** The benchmark's model behind its recording file, the recording mode, and how to save what the run recorded. */
export function withRecordings(
  benchmark: string,
  model: Model,
  own: RecordingMode | undefined,
  settings: RecordingSettings,
): { model: Model; mode: RecordingMode; save: () => void } {
  const mode = recordingModeOf(own, settings)
  if (mode === 'live') return { model, mode, save: () => undefined }
  const store = loadRecordingStore(recordingFile(benchmark, settings))
  return { model: createRecordedModel(model, store, mode), mode, save: () => store.save() }
}
