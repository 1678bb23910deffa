import { z } from 'zod'
import { RECORDING_MODES } from '../names/index.ts'
import { MediaMessageSchema, MessageToolCallSchema } from './chat-message.ts'
import { UsageSchema } from './usage.ts'
import { CountSchema, NonEmptyTextSchema, NonNegativeSchema } from './field-shapes.ts'

/** How model calls meet recordings: call only, call and record, replay only, or replay what exists and record the rest. */
export const RecordingModeSchema = z.enum(RECORDING_MODES)
/** How model calls meet recordings. */
export type RecordingMode = z.infer<typeof RecordingModeSchema>

/** What the plugin hands the workers: the mode and the folder of recording files. */
export const RecordingSettingsSchema = z.object({
  mode: RecordingModeSchema,
  dir: z.string(),
  /** Set by EVALSUITE_RECORDINGS, which outranks a benchmark's own `recordings` option. */
  fromEnvironment: z.boolean(),
})
/** What the plugin hands the workers. */
export type RecordingSettings = z.infer<typeof RecordingSettingsSchema>

/** How a multiple-choice sample is answered: a generated reply, the option letters' log-probabilities, or each option's perplexity. */
export const InferMethodSchema = z.enum(['generate', 'logprobs', 'ppl'])
/** How a multiple-choice sample is answered. */
export type InferMethod = z.infer<typeof InferMethodSchema>

const TextReplySchema = z.object({
  text: z.string(),
  usage: UsageSchema.optional(),
  latencyMs: NonNegativeSchema,
  ttftMs: NonNegativeSchema.optional(),
  /** The tools the reply called, each with its arguments' JSON text as the endpoint sent it (parsed again on replay). */
  toolCalls: z.array(MessageToolCallSchema).min(1).optional(),
})

/** A tool offered to a model, as a recording holds it: its parameters as JSON Schema. */
export const ToolDefinitionSchema = z.object({
  name: NonEmptyTextSchema,
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()),
})
/** A tool offered to a model, its parameters as JSON Schema. */
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>

/** Which tool a model may call: any or none (`auto`), none, at least one (`required`), or the one named. */
export const ToolChoiceSchema = z.union([z.enum(['auto', 'none', 'required']), z.object({ name: NonEmptyTextSchema })])
/** Which tool a model may call. */
export type ToolChoice = z.infer<typeof ToolChoiceSchema>

/** The tools a call offered, and how it let the model use them; part of the call's key. */
export const ToolOfferSchema = z.object({
  definitions: z.array(ToolDefinitionSchema).min(1),
  choice: ToolChoiceSchema.optional(),
  parallel: z.boolean().optional(),
})
/** The tools a call offered. */
export type ToolOffer = z.infer<typeof ToolOfferSchema>

const ChoiceReplySchema = z.object({
  /** One per scored choice; null where the endpoint gave no log-probability for it. */
  logprobs: z.array(z.number().nullable()),
  usage: UsageSchema.optional(),
  latencyMs: NonNegativeSchema,
})

/** One recorded model call: one line of a recording file, keyed by a hash of the request (never of secrets). */
export const RecordingSchema = z.object({
  key: NonEmptyTextSchema,
  model: z.string(),
  /** The messages sent; an image held as bytes appears as `sha256:<digest>` of its data URI, never the bytes. */
  messages: z.array(MediaMessageSchema),
  /** The attempt of a repeated sample; absent for a call made once. */
  attempt: CountSchema.optional(),
  params: z.record(z.string(), z.unknown()),
  /** Present on a choice-scoring call: the method and the texts scored. */
  scoring: z.object({ method: InferMethodSchema.exclude(['generate']), choices: z.array(z.string()) }).optional(),
  /** Present on a call that offered tools. */
  tools: ToolOfferSchema.optional(),
  reply: z.union([TextReplySchema, ChoiceReplySchema]),
})
/** One recorded model call. */
export type Recording = z.infer<typeof RecordingSchema>
