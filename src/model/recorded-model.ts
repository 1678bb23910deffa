import { ConfigError, ModelError } from '../errors.ts'
import type { ChatMessage, MediaMessage, MessageToolCall, Recording, RecordingMode, ToolDefinition, ToolOffer } from '../schema/index.ts'
import { SortedJson, sortedJsonOf, stableHasher } from '../store/index.ts'
import { costOf } from './cost.ts'
import type { ChoiceMethod, ChoiceScores, GenerateOptions, Model, ModelIdentity, ModelOutput } from './model.ts'
import { recordedMessages } from './recorded-messages.ts'
import type { RecordingStore } from './recording-store.ts'
import { parsedToolCalls, toolOffer } from './tools.ts'

/** What a choice-scoring call asked for, which makes it a different call from a reply to the same messages. */
export interface ChoiceScoring {
  method: ChoiceMethod
  choices: readonly string[]
}

/**
 * The recording keys of one model's calls: a hash of provider, model, parameters, messages (and choices scored, or
 * tools offered), and of the attempt when a benchmark repeats its samples; a call made once without tools hashes as
 * before, so its recordings stay valid. The model's part is written once, not for every call.
 */
function recordingKeys(
  identity: ModelIdentity,
): (messages: readonly MediaMessage[], scoring?: ChoiceScoring, attempt?: number, tools?: ToolOffer) => string {
  const hashWith = stableHasher({ ...identity })
  // a tool loop offers the same definitions at every step of every sample: they are written once, and so is the
  // offer of them alone, as the loop makes it
  const written = new WeakMap<readonly ToolDefinition[], { definitions: SortedJson; offer: SortedJson }>()
  const offerJson = (tools: ToolOffer): SortedJson | Record<string, unknown> => {
    let text = written.get(tools.definitions)
    if (text === undefined) {
      const definitions = sortedJsonOf(tools.definitions)
      text = { definitions, offer: new SortedJson(`{"definitions":${definitions.text}}`) }
      written.set(tools.definitions, text)
    }
    const alone = tools.choice === undefined && tools.parallel === undefined && Object.keys(tools).length === 1
    return alone ? text.offer : { ...tools, definitions: text.definitions }
  }
  return (messages, scoring, attempt, tools) => {
    const varying: Record<string, unknown> = { messages: messagesJson(messages) }
    if (scoring) varying.scoring = scoring
    if (attempt !== undefined) varying.attempt = attempt
    if (tools) varying.tools = offerJson(tools)
    return hashWith(varying)
  }
}

// a message as its key holds it: role, content and tool-use fields, nothing else
function keyedMessage({ role, content, toolCalls, toolCallId }: MediaMessage): MediaMessage {
  return { role, content, ...(toolCalls === undefined ? {} : { toolCalls }), ...(toolCallId === undefined ? {} : { toolCallId }) }
}

// a tool call as the hash writes it, when it holds its three text fields alone, as the loop makes it
function callJson(call: unknown): string | undefined {
  if (call === null || typeof call !== 'object') return undefined
  const { id, name, arguments: args } = call as Partial<MessageToolCall>
  if (typeof id !== 'string' || typeof name !== 'string' || typeof args !== 'string') return undefined
  if (Object.keys(call).length !== 3 || !Object.hasOwn(call, 'id') || !Object.hasOwn(call, 'name') || !Object.hasOwn(call, 'arguments'))
    return undefined
  return `{"arguments":${JSON.stringify(args)},"id":${JSON.stringify(id)},"name":${JSON.stringify(name)}}`
}

// a message of text (an assistant's calls, the call a tool answers) as the hash writes its `keyedMessage` copy
function messageJson({ role, content, toolCalls, toolCallId }: MediaMessage): string | undefined {
  if (typeof role !== 'string' || typeof content !== 'string') return undefined
  let text = `{"content":${JSON.stringify(content)},"role":${JSON.stringify(role)}`
  if (toolCallId !== undefined) {
    if (typeof toolCallId !== 'string') return undefined
    text += `,"toolCallId":${JSON.stringify(toolCallId)}`
  }
  if (toolCalls !== undefined) {
    if (!Array.isArray(toolCalls)) return undefined
    text += ',"toolCalls":['
    for (let index = 0; index < toolCalls.length; index++) {
      const call = callJson(toolCalls[index])
      if (call === undefined) return undefined
      text += `${index === 0 ? '' : ','}${call}`
    }
    text += ']'
  }
  return `${text}}`
}

// the messages as the hash writes their `keyedMessage` copies, text messages (a tool loop's too) written directly: a
// replayed run computes a key for every step of every sample
function messagesJson(messages: readonly MediaMessage[]): SortedJson | MediaMessage[] {
  let text = '['
  for (let index = 0; index < messages.length; index++) {
    const message = messageJson(messages[index]!)
    if (message === undefined) return messages.map(keyedMessage)
    text += `${index === 0 ? '' : ','}${message}`
  }
  return new SortedJson(`${text}]`)
}

/** The recording key of one call (see `recordingKeys`); an image sent as bytes is keyed by their digest. */
export function recordingKey(
  identity: ModelIdentity,
  messages: readonly MediaMessage[],
  scoring?: ChoiceScoring,
  attempt?: number,
  tools?: ToolOffer,
): string {
  return recordingKeys(identity)(recordedMessages([...messages]), scoring, attempt, tools)
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
      const tools = toolOffer(options ?? {})
      const key = keyOf(kept, undefined, attempt, tools)
      const reply = recorded(key, 'text')
      if (reply && 'text' in reply) {
        const { toolCalls, ...rest } = reply
        return { ...replayed(rest), ...(toolCalls ? { toolCalls: parsedToolCalls(toolCalls) } : {}) }
      }
      const output = await call(messages, options)
      const { text, usage, latencyMs, ttftMs } = output
      // a call's arguments are kept as the text the model sent, which replay parses again to the same result
      const toolCalls = output.toolCalls?.map((made) => ({ id: made.id, name: made.name, arguments: made.rawArguments }))
      const stored = {
        text,
        ...(toolCalls?.length ? { toolCalls } : {}),
        ...(usage ? { usage } : {}),
        latencyMs: tenths(latencyMs),
        ...(ttftMs === undefined ? {} : { ttftMs: tenths(ttftMs) }),
      }
      const asked = { key, model: model.name, messages: kept, ...(attempt === undefined ? {} : { attempt }), params: identity.params }
      store.put({ ...asked, ...(tools ? { tools } : {}), reply: stored })
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
      async scoreChoices(
        messages: ChatMessage[],
        choices: readonly string[],
        method: ChoiceMethod,
        options?: GenerateOptions,
      ): Promise<ChoiceScores> {
        const scoring = { method, choices: [...choices] }
        const attempt = options?.attempt
        const key = keyOf(messages, scoring, attempt)
        const reply = recorded(key, 'logprobs')
        if (reply && 'logprobs' in reply) return replayed(reply)
        const output = await scoreChoices(messages, choices, method, options)
        const kept = { logprobs: output.logprobs, ...(output.usage ? { usage: output.usage } : {}), latencyMs: tenths(output.latencyMs) }
        store.put({
          key,
          model: model.name,
          messages,
          ...(attempt === undefined ? {} : { attempt }),
          params: identity.params,
          scoring,
          reply: kept,
        })
        return output
      },
    }),
  }
}
