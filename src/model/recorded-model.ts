import { ConfigError, ModelError } from '../errors.ts'
import type { ChatMessage, MediaMessage, Recording, RecordingMode } from '../schema/index.ts'
import { SortedJson, stableHasher } from '../store/index.ts'
import { costOf } from './cost.ts'
import type { ChoiceMethod, ChoiceScores, GenerateOptions, Model, ModelIdentity, ModelOutput } from './model.ts'
import { recordedMessages } from './recorded-messages.ts'
import type { RecordingStore } from './recording-store.ts'

/** What a choice-scoring call asked for, which makes it a different call from a reply to the same messages. */
export interface ChoiceScoring {
  method: ChoiceMethod
  choices: readonly string[]
}

/**
 * The recording keys of one model's calls: a hash of provider, model, parameters, messages (and choices scored), and
 * of the attempt when a benchmark repeats its samples; a call made once hashes as before, so its recordings stay
 * valid. The model's part is written once, not for every call.
 */
function recordingKeys(identity: ModelIdentity): (messages: readonly MediaMessage[], scoring?: ChoiceScoring, attempt?: number) => string {
  const hashWith = stableHasher({ ...identity })
  return (messages, scoring, attempt) => {
    const varying: Record<string, unknown> = { messages: messagesJson(messages) }
    if (scoring) varying.scoring = scoring
    if (attempt !== undefined) varying.attempt = attempt
    return hashWith(varying)
  }
}

// the messages as the hash writes `{ role, content }` copies of them (other fields left out), written directly: a
// replayed run computes one key per sample
function messagesJson(messages: readonly MediaMessage[]): SortedJson | MediaMessage[] {
  let text = '['
  for (let index = 0; index < messages.length; index++) {
    const { role, content } = messages[index]!
    if (typeof role !== 'string' || typeof content !== 'string') return messages.map((m) => ({ role: m.role, content: m.content }))
    text += `${index === 0 ? '' : ','}{"content":${JSON.stringify(content)},"role":${JSON.stringify(role)}}`
  }
  return new SortedJson(`${text}]`)
}

/** The recording key of one call (see `recordingKeys`); an image sent as bytes is keyed by their digest. */
export function recordingKey(identity: ModelIdentity, messages: readonly MediaMessage[], scoring?: ChoiceScoring, attempt?: number): string {
  return recordingKeys(identity)(recordedMessages([...messages]), scoring, attempt)
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10

/**
 * Puts a recording store in front of a model. `replay` never calls the model; `auto` calls it only for what is not
 * recorded; `record` always calls and records; `live` is the model itself. A replayed reply costs what it cost
 * when recorded, at the model's price now, and is marked `replayed`.
 */
export function createRecordedModel(model: Model, store: RecordingStore, mode: RecordingMode): Model {
  if (mode === 'live') return model
  const identity = model.identity
  if (identity === undefined) {
    throw new ConfigError(`Model "${model.name}" cannot be recorded (it has no identity); use the "live" recording mode for it.`)
  }
  const keyOf = recordingKeys(identity)
  // a reply of the other kind under the key (a hand-edited file) counts as missing
  const recorded = (key: string, kind: 'text' | 'logprobs'): Recording['reply'] | undefined => {
    const found = mode === 'record' ? undefined : store.get(key)?.reply
    const usable = found && kind in found ? found : undefined
    if (usable || mode !== 'replay') return usable
    throw new ModelError(
      // the benchmark, which knows the sample, adds the command that records it
      `No recording of this call (key ${key}) in "${store.file}", and replay mode makes no calls. ` +
        'Record it with EVALSUITE_RECORDINGS=auto (or record) and a model endpoint.',
    )
  }
  const replayed = <T extends Recording['reply']>(reply: T): T & { replayed: true; costUsd?: number } => {
    const output: T & { replayed: true; costUsd?: number } = { ...reply, replayed: true }
    const costUsd = costOf(model.price, reply.usage)
    if (costUsd !== undefined) output.costUsd = costUsd
    return output
  }
  // a reply is recorded with the messages as `recordedMessages` holds them: images by digest
  const generateVia =
    <M extends MediaMessage>(call: (messages: M[], options?: GenerateOptions) => Promise<ModelOutput>) =>
    async (messages: M[], options?: GenerateOptions): Promise<ModelOutput> => {
      const attempt = options?.attempt
      const kept = recordedMessages(messages)
      const key = keyOf(kept, undefined, attempt)
      const reply = recorded(key, 'text')
      if (reply && 'text' in reply) return replayed(reply)
      const output = await call(messages, options)
      const { text, usage, latencyMs, ttftMs } = output
      const stored = { text, ...(usage ? { usage } : {}), latencyMs: tenths(latencyMs), ...(ttftMs === undefined ? {} : { ttftMs: tenths(ttftMs) }) }
      store.put({ key, model: model.name, messages: kept, ...(attempt === undefined ? {} : { attempt }), params: identity.params, reply: stored })
      return output
    }
  const scoreChoices = model.scoreChoices?.bind(model)
  const generateWithImages = model.generateWithImages?.bind(model)
  return {
    name: model.name,
    identity,
    ...(model.price ? { price: model.price } : {}),
    // a judge without credentials replays its verdicts by default, whatever wraps it
    ...(model.hasCredentials === undefined ? {} : { hasCredentials: model.hasCredentials }),
    generate: generateVia((messages: ChatMessage[], options) => model.generate(messages, options)),
    ...(generateWithImages && { generateWithImages: generateVia(generateWithImages) }),
    ...(scoreChoices && {
      async scoreChoices(messages: ChatMessage[], choices: readonly string[], method: ChoiceMethod, options?: GenerateOptions): Promise<ChoiceScores> {
        const scoring = { method, choices: [...choices] }
        const attempt = options?.attempt
        const key = keyOf(messages, scoring, attempt)
        const reply = recorded(key, 'logprobs')
        if (reply && 'logprobs' in reply) return replayed(reply)
        const output = await scoreChoices(messages, choices, method, options)
        const kept = { logprobs: output.logprobs, ...(output.usage ? { usage: output.usage } : {}), latencyMs: tenths(output.latencyMs) }
        store.put({ key, model: model.name, messages, ...(attempt === undefined ? {} : { attempt }), params: identity.params, scoring, reply: kept })
        return output
      },
    }),
  }
}
