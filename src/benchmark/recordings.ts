import { join } from 'node:path'
import { inject } from 'vitest'
import { createRecordedModel, loadRecordingStore, type Model } from '../model/index.ts'
import { fileSlug, RECORDINGS_KEY, RecordingSettingsSchema, type RecordingMode, type RecordingSettings } from '../schema/index.ts'

/** The settings the plugin provided; without the plugin, models are called live. */
function recordingSettings(): RecordingSettings {
  const parsed = RecordingSettingsSchema.safeParse(inject(RECORDINGS_KEY))
  return parsed.success ? parsed.data : { mode: 'live', dir: '', fromEnvironment: false }
}

/** The benchmark's model behind its recording file, the recording mode, and how to save what the run recorded. */
export function withRecordings(benchmark: string, model: Model, own: RecordingMode | undefined): { model: Model; mode: RecordingMode; save: () => void } {
  const settings = recordingSettings()
  const mode = settings.fromEnvironment ? settings.mode : (own ?? settings.mode)
  if (mode === 'live') return { model, mode, save: () => undefined }
  const store = loadRecordingStore(join(settings.dir, `${fileSlug(benchmark)}.jsonl`))
  return { model: createRecordedModel(model, store, mode), mode, save: () => store.save() }
}
