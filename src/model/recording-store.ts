import { compiledSchema, RecordingSchema, type Recording } from '../schema/index.ts'
import { loadKeyedStore, type KeyedStore } from '../store/index.ts'

/** The recorded calls of one benchmark: a JSONL file sorted by key, with journals that survive a killed run. */
export type RecordingStore = KeyedStore<Recording>

/** Opens the recordings of one benchmark; a malformed line is an error naming the file and line. */
export function loadRecordingStore(file: string): RecordingStore {
  return loadKeyedStore(file, { schema: compiledSchema(RecordingSchema) })
}
