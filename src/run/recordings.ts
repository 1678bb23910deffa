import { join } from 'node:path'
import { createRecordedModel, loadRecordingStore, type Model } from '../model/index.ts'
import { fileSlug, RecordingSettingsSchema, type RecordingMode, type RecordingSettings } from '../schema/index.ts'

/** The recording settings the plugin provided, as the worker received them; without the plugin, models are called live. */
export function parseRecordingSettings(value: unknown): RecordingSettings {
  const parsed = RecordingSettingsSchema.safeParse(value)
  return parsed.success ? parsed.data : { mode: 'live', dir: '', fromEnvironment: false }
}

/** The benchmark's model behind its recording file, the recording mode, and how to save what the run recorded. */
export function withRecordings(benchmark: string, model: Model, own: RecordingMode | undefined, settings: RecordingSettings): { model: Model; mode: RecordingMode; save: () => void } {
  const mode = settings.fromEnvironment ? settings.mode : (own ?? settings.mode)
  if (mode === 'live') return { model, mode, save: () => undefined }
  const store = loadRecordingStore(join(settings.dir, `${fileSlug(benchmark)}.jsonl`))
  return { model: createRecordedModel(model, store, mode), mode, save: () => store.save() }
}
