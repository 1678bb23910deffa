import { ConfigError, ModelError } from '../errors.ts'
import type { ChatMessage, RecordingMode } from '../schema/index.ts'
import { stableHash } from '../store/index.ts'
import type { GenerateOptions, Model, ModelIdentity, ModelOutput } from './model.ts'
import type { RecordingStore } from './recording-store.ts'

/**
 * The recording key of a call: a hash of provider, model, parameters and messages, and of the attempt when a
 * benchmark repeats its samples (a call made once hashes as before, so recordings made without repeats stay valid).
 */
export function recordingKey(identity: ModelIdentity, messages: readonly ChatMessage[], attempt?: number): string {
  return stableHash({
    ...identity,
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    ...(attempt === undefined ? {} : { attempt }),
  })
}

/**
 * Puts a recording store in front of a model. `replay` never calls the model; `auto` calls it only for what is not
 * recorded; `record` always calls and records; `live` is the model itself.
 */
export function createRecordedModel(model: Model, store: RecordingStore, mode: RecordingMode): Model {
  if (mode === 'live') return model
  const identity = model.identity
  if (identity === undefined) {
    throw new ConfigError(`Model "${model.name}" cannot be recorded (it has no identity); use the "live" recording mode for it.`)
  }
  return {
    name: model.name,
    identity,
    async generate(messages: ChatMessage[], options?: GenerateOptions): Promise<ModelOutput> {
      const key = recordingKey(identity, messages, options?.attempt)
      const recorded = mode === 'record' ? undefined : store.get(key)
      if (recorded) return recorded.reply
      if (mode === 'replay') {
        throw new ModelError(
          `No recording of this call (key ${key}) in "${store.file}", and replay mode makes no calls. ` +
            'Record it with EVALSUITE_RECORDINGS=record (or auto) and a model endpoint, e.g. ' +
            `EVALSUITE_RECORDINGS=auto npx vitest run evals -t "<sample id>"`,
        )
      }
      const output = await model.generate(messages, options)
      const latencyMs = Math.round(output.latencyMs * 10) / 10
      const attempt = options?.attempt === undefined ? {} : { attempt: options.attempt }
      store.put({ key, model: model.name, messages, ...attempt, params: identity.params, reply: { ...output, latencyMs } })
      return output
    },
  }
}
