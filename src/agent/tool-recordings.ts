import { ModelError } from '../errors.ts'
import { compiledSchema, ToolRecordingSchema, type RecordingMode, type ToolRecording } from '../schema/index.ts'
import { loadKeyedStore, SortedJson, sortedJsonOf, stableHash, type KeyedStore } from '../store/index.ts'

/** Where a tool call sits in a sample's run: what its recording is keyed by. */
export interface ToolCallPlace {
  sample: string
  attempt?: number
  /** The loop's step, from 1. */
  step: number
  tool: string
  arguments: unknown
}

/** What one run of a tool gave back. */
export type ToolRun = ToolRecording['result']

/** Tool results behind a recording file, as model replies are: replayed, or run and recorded, by the recording mode. */
export interface ToolRecordings {
  readonly file: string
  /** The call's result: from the recording, or from `run` (recorded unless the mode is live). */
  result(place: ToolCallPlace, run: () => Promise<ToolRun>): Promise<ToolRun & { replayed?: true }>
  save(): void
}

// the hash of `{ sample, attempt?, step, tool, arguments }` as `stableHash` writes it, its keys in their sorted order
// written directly: a replayed loop keys every call of every step
const keyOf = ({ sample, attempt, step, tool, arguments: args }: ToolCallPlace): string =>
  stableHash(
    new SortedJson(
      `{"arguments":${sortedJsonOf(args ?? null).text}${attempt === undefined ? '' : `,"attempt":${JSON.stringify(attempt)}`},` +
        `"sample":${JSON.stringify(sample)},"step":${JSON.stringify(step)},"tool":${JSON.stringify(tool)}}`,
    ),
  )

const shown = (value: unknown): string => JSON.stringify(value) ?? 'undefined'

// the recording this call replaced: the same sample, attempt, step and tool with other arguments, so the model's
// recorded reply changed since the tools' results were recorded
function staleOf(store: KeyedStore<ToolRecording>, place: ToolCallPlace): ToolRecording | undefined {
  for (const entry of store.entries()) {
    if (entry.sample === place.sample && entry.attempt === place.attempt && entry.step === place.step && entry.tool === place.tool)
      return entry
  }
  return undefined
}

/**
 * Opens a benchmark's tool recordings. `replay` never runs a tool and fails a call it has no result for; `auto` runs
 * only what is not recorded; `record` always runs and records; `live` runs and keeps nothing.
 */
export function loadToolRecordings(file: string, mode: RecordingMode): ToolRecordings {
  if (mode === 'live') return { file, result: (_place, run) => run(), save: () => undefined }
  const store = loadKeyedStore(file, { schema: compiledSchema(ToolRecordingSchema) })
  return {
    file,
    async result(place, run) {
      const key = keyOf(place)
      const found = mode === 'record' ? undefined : store.get(key)
      if (found) return { ...found.result, replayed: true }
      if (mode === 'replay') {
        const stale = staleOf(store, place)
        const at = `tool "${place.tool}" at step ${place.step} of sample "${place.sample}"${place.attempt === undefined ? '' : ` (attempt ${place.attempt})`}`
        // the benchmark, which knows the sample's test, adds the command that records it
        throw new ModelError(
          stale
            ? `The recording of ${at} in "${file}" is stale: it was called with ${shown(stale.arguments)}, and the replayed model now calls it with ${shown(place.arguments)}; replay mode runs no tool. Record the sample's tools again with EVALSUITE_RECORDINGS=auto.`
            : `No recording of ${at} with ${shown(place.arguments)} in "${file}", and replay mode runs no tool. Record it with EVALSUITE_RECORDINGS=auto (or record).`,
        )
      }
      const result = await run()
      store.put({
        key,
        sample: place.sample,
        ...(place.attempt === undefined ? {} : { attempt: place.attempt }),
        step: place.step,
        tool: place.tool,
        arguments: place.arguments ?? null,
        result,
      })
      return result
    },
    save: () => void store.save(),
  }
}
