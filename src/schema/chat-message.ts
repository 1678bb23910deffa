import { z } from 'zod'
import { NonEmptyTextSchema } from './field-shapes.ts'

/** A tool call an assistant message made, in a conversation sent back to a model: `arguments` is the JSON text it sent. */
// an id is the endpoint's: kept as given, even empty, so that a recorded reply replays as it came
export const MessageToolCallSchema = z.object({ id: z.string(), name: NonEmptyTextSchema, arguments: z.string() })
/** A tool call an assistant message made. */
export type MessageToolCall = z.infer<typeof MessageToolCallSchema>

// the roles of OpenAI's chat API: a tool message answers an assistant's tool call
const role = z.enum(['system', 'user', 'assistant', 'tool'])

// what tool use adds to a message, in OpenAI's chat shape: an assistant's calls, and which call a tool message answers
const toolFields = {
  /** On an assistant message: the tools it called. */
  toolCalls: z.array(MessageToolCallSchema).min(1).optional(),
  /** On a tool message: the id of the call its content answers. */
  toolCallId: NonEmptyTextSchema.optional(),
}

/** One chat message of text, as OpenAI-compatible endpoints take them. */
export const ChatMessageSchema = z.object({ role, content: z.string(), ...toolFields })
/** One chat message of text, as OpenAI-compatible endpoints take them. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>

/** A text part of a message's content, in OpenAI's chat format. */
export const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() })

/**
 * An image part of a message's content, in OpenAI's chat format: an http(s) URL, or a `data:` URI holding the bytes
 * (a data file's local image paths are read and sent as data URIs).
 */
export const ImagePartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: NonEmptyTextSchema, detail: z.enum(['auto', 'low', 'high']).optional() }),
})

/** One part of a message's content: text or an image. */
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema])
/** One part of a message's content: text or an image. */
export type ContentPart = z.infer<typeof ContentPartSchema>
/** An image part of a message's content. */
export type ImagePart = z.infer<typeof ImagePartSchema>

/** A chat message whose content may hold images: text, or a list of text and image parts. */
export const MediaMessageSchema = z.object({
  role,
  content: z.union([z.string(), z.array(ContentPartSchema).min(1)]),
  ...toolFields,
})
/** A chat message whose content may hold images. */
export type MediaMessage = z.infer<typeof MediaMessageSchema>

/** Whether every message is plain text, as a model without image input takes them. */
export function isTextOnly(messages: readonly MediaMessage[]): messages is ChatMessage[] {
  return messages.every((message) => typeof message.content === 'string')
}

/** The image parts of the messages, in order. */
export function imagePartsOf(messages: readonly MediaMessage[]): ImagePart[] {
  return messages.flatMap((message) =>
    typeof message.content === 'string' ? [] : message.content.filter((part) => part.type === 'image_url'),
  )
}

/** A message's content as text: text parts joined by line breaks, each image as `[image]`. */
export function contentText(content: MediaMessage['content']): string {
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '[image]')).join('\n')
}
