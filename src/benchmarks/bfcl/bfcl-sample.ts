import { z } from 'zod'
import type { SampleInput } from '../../dataset/index.ts'
import { BfclFunctionSchema, type BfclFunction } from './bfcl-functions.ts'
import { isIrrelevance, parseGroundTruth, type BfclAnswer, type BfclCategory } from './bfcl-data.ts'
import { pythonText } from './python-value.ts'

const TurnSchema = z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1)

/** What a BFCL sample keeps for its tools and its scoring. */
export const BfclMetadataSchema = z.object({
  category: z.string(),
  functions: z.array(BfclFunctionSchema),
  /** The sample's line of the possible-answer file; absent in the irrelevance categories. */
  answer: z.string().optional(),
})
/** What a BFCL sample keeps for its tools and its scoring. */
export type BfclMetadata = z.infer<typeof BfclMetadataSchema>

function zodProblem(field: string, error: z.ZodError): Error {
  const issue = error.issues[0]!
  return new Error(`field "${[field, ...issue.path].join('.')}": ${issue.message}`)
}

// the possible answer as a reader takes it in: fn(param=value | other | omitted); …
function describeAnswer(answer: BfclAnswer): string {
  return answer
    .map(({ name, parameters }) => {
      const shown = [...parameters].map(
        ([param, values]) =>
          `${param}=${values.map((value) => (value.type === 'str' && value.value === '' ? 'omitted' : pythonText(value))).join(' | ')}`,
      )
      return `${name}(${shown.join(', ')})`
    })
    .join('; ')
}

/** A record of a BFCL question file as a sample: its BFCL id, the conversation, and the functions it offers. */
export function bfclSample(
  record: Record<string, unknown>,
  category: BfclCategory,
  answers: ReadonlyMap<string, string> | undefined,
): SampleInput {
  const id = record.id
  if (typeof id !== 'string' || id === '') throw new Error('field "id" must be a non-empty string')
  const question = z.array(TurnSchema).safeParse(record.question)
  if (!question.success) throw zodProblem('question', question.error)
  if (question.data.length !== 1)
    throw new Error(`field "question" holds ${question.data.length} turns; bfcl() reads the single-turn categories`)
  const functions = z.array(BfclFunctionSchema).min(1).safeParse(record.function)
  if (!functions.success) throw zodProblem('function', functions.error)
  const metadata: BfclMetadata = { category, functions: functions.data as BfclFunction[] }
  let target = 'no function call'
  if (!isIrrelevance(category)) {
    const line = answers?.get(id)
    if (line === undefined) throw new Error(`sample "${id}" has no possible answer in possible_answer/`)
    const answer = parseGroundTruth(line)
    const unknown = answer.find(({ name }) => !functions.data.some((fn) => fn.name === name))
    if (unknown) throw new Error(`the possible answer calls "${unknown.name}", which the sample's functions do not hold`)
    metadata.answer = line
    target = describeAnswer(answer)
  }
  return { id, input: question.data[0]!, target, metadata }
}
