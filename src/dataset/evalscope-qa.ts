import { z } from 'zod'
import { MediaMessageSchema, type MediaMessage } from '../schema/index.ts'
import type { MissingTarget } from './collect-samples.ts'
import type { RecordConverter } from './field-map.ts'
import { imageFieldReferences, isImageField } from './image-url.ts'
import { describeZodIssues, type FieldProblem } from './zod-issues.ts'

/**
 * A record of EvalScope's general QA format in any of its shapes: `query` (or `question`) with an optional `system`
 * and `history` of `[question, answer]` turns, or a `messages` list. The reference is `response` (or `answer`).
 */
const EvalScopeQaRecordSchema = z.object({
  query: z.string().optional(),
  question: z.string().optional(),
  system: z.string().optional(),
  history: z.array(z.tuple([z.string(), z.string()])).optional(),
  messages: z.array(MediaMessageSchema).min(1).optional(),
  response: z.string().optional(),
  answer: z.string().optional(),
})
type EvalScopeQaRecord = z.infer<typeof EvalScopeQaRecordSchema>

const KNOWN = ['query', 'question', 'system', 'history', 'messages', 'response', 'answer'] as const

/** How a record without a response, in a file where others have one, is reported. */
export const EVALSCOPE_MISSING_RESPONSE: MissingTarget = {
  field: 'response',
  message: 'missing; EvalScope QA takes the reference answer from "response" (or "answer")',
}

/** Whether a record has a field only EvalScope's general QA format uses. */
export function isEvalScopeQaRecord(fields: Record<string, unknown>): boolean {
  return typeof fields.query === 'string' || Array.isArray(fields.messages) || Array.isArray(fields.history)
}

/**
 * Makes a sample of an EvalScope general QA record: the messages (or the system message, the history's turns in
 * order and the query) as input and `response` as target. `id` and the `subset` field are the sample's, and its
 * `image_N` fields its images (placed at the `<image N>` markers of its messages); the other fields are its metadata.
 */
export function evalScopeQaConverter(subset = 'subset'): RecordConverter {
  return ({ fields }) => {
    const known: Record<string, unknown> = {}
    const metadata: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(fields)) {
      if ((KNOWN as readonly string[]).includes(name)) known[name] = value
      else if (name !== 'id' && name !== subset && !isImageField(name)) metadata[name] = value
    }
    const parsed = EvalScopeQaRecordSchema.safeParse(known, { reportInput: true })
    if (!parsed.success) return describeZodIssues(parsed.error.issues)
    const input = inputOf(parsed.data)
    if (!Array.isArray(input) && typeof input !== 'string') return input.problems
    // a file without responses is EvalScope's arena style, for a judge to score
    const target = parsed.data.response ?? parsed.data.answer
    const images = imageFieldReferences(fields)
    return {
      id: fields.id,
      input,
      target,
      subset: fields[subset],
      ...(images.length > 0 ? { images } : {}),
      ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    }
  }
}

function inputOf(record: EvalScopeQaRecord): string | MediaMessage[] | { problems: FieldProblem[] } {
  const query = record.query ?? record.question
  if (record.messages !== undefined) {
    // EvalScope would silently prefer the messages; two prompts in one record are more likely a mistake
    const also = (['query', 'question', 'system', 'history'] as const).filter((name) => record[name] !== undefined)
    if (also.length === 0) return record.messages
    return { problems: [{ field: 'messages', message: `given with "${also.join('", "')}"; a record holds either "messages" or a query` }] }
  }
  if (query === undefined) return { problems: [{ field: 'query', message: 'missing; give "query" (or "question"), or a "messages" list' }] }
  if (record.system === undefined && (record.history ?? []).length === 0) return query
  const messages: MediaMessage[] = record.system === undefined ? [] : [{ role: 'system', content: record.system }]
  for (const [asked, answered] of record.history ?? [])
    messages.push({ role: 'user', content: asked }, { role: 'assistant', content: answered })
  messages.push({ role: 'user', content: query })
  return messages
}
