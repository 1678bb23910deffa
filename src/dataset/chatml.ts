import { z } from 'zod'
import type { ContentPart } from '../schema/index.ts'
import { kindOf } from './read-jsonl.ts'
import type { RecordConverter } from './field-map.ts'
import { describeZodIssues, type FieldProblem } from './zod-issues.ts'

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() })
const ImagePartSchema = z.object({ type: z.literal('image'), image_url: z.string() })

/** One message of a ChatML record; a user message may be a list of text and image parts. */
const ChatmlMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('assistant'), content: z.string() }),
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [TextPartSchema, ImagePartSchema])).min(1)]),
  }),
])

/**
 * A record of OpenCompass's ChatML format: the conversation to send, and the answers (one, or one per user message).
 * Other fields of the record are kept as the sample's metadata, `id` as its id.
 */
const ChatmlRecordSchema = z
  .object({
    question: z.array(ChatmlMessageSchema).min(1),
    answer: z.array(z.string()).min(1),
  })
  .superRefine((record, context) => {
    const users = record.question.filter((message) => message.role === 'user').length
    if (record.answer.length > 1 && record.answer.length !== users) {
      context.addIssue({
        code: 'custom',
        path: ['answer'],
        message: `has ${record.answer.length} answers for ${users} user messages; give one answer, or one per user message`,
      })
    }
  })
/** A record of OpenCompass's ChatML format. */
export type ChatmlRecord = z.infer<typeof ChatmlRecordSchema>

/**
 * Makes a sample of a ChatML record: the messages as input (text parts joined by line breaks, or with images, OpenAI's
 * parts), the first answer as the target, and every answer in `metadata.answers` when there are several. `id` and the
 * `subset` field are the sample's; the other fields are its metadata.
 */
export function chatmlConverter(subset = 'subset'): RecordConverter {
  return (record) => convertChatml(record.fields, subset)
}

function convertChatml(fields: Record<string, unknown>, subset: string): Record<string, unknown> | FieldProblem[] {
  const { question, answer, id, [subset]: subsetValue, ...rest } = fields
  const parsed = ChatmlRecordSchema.safeParse({ question, answer }, { reportInput: true })
  if (!parsed.success) return describeZodIssues(parsed.error.issues)
  const input = parsed.data.question.map((message) => ({ role: message.role, content: contentOf(message.content) }))
  const answers = parsed.data.answer
  const metadata = { ...rest, ...(answers.length > 1 ? { answers } : {}) }
  return { id, input, target: answers[0], subset: subsetValue, ...(Object.keys(metadata).length > 0 ? { metadata } : {}) }
}

// text parts alone are joined by line breaks; with an image, the parts are kept in order, in OpenAI's form (OpenCompass's
// image part holds the URL or path itself)
function contentOf(content: ChatmlRecord['question'][number]['content']): string | ContentPart[] {
  if (typeof content === 'string') return content
  if (content.every((part) => part.type === 'text')) return content.map((part) => part.text).join('\n')
  return content.map((part) => (part.type === 'text' ? part : { type: 'image_url', image_url: { url: part.image_url } }))
}

/** Whether a record looks like ChatML: its `question` is a list of messages. */
export function isChatmlRecord(fields: Record<string, unknown>): boolean {
  return Array.isArray(fields.question) && kindOf(fields.question[0]) === 'an object'
}
