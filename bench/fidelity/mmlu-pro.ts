import { matchChoice, type AnswerMatch } from '../../src/index.ts'
import { tally, type FidelityResult } from './fidelity-result.ts'
import { readFullJsonl } from '../full-data.ts'
import { writeReview } from './review.ts'

interface Question {
  question_id: number
  options: string[]
}

interface Output {
  question_id: number
  answer: string
  pred: string | null
  completion: string
}

const MODELS = ['Meta-Llama-3_1-8B-Instruct', 'jamba-1.5-large', 'gemini-1.5-pro-002']
const STEP = /MMLU-Pro step (\d)/

/** The official protocol, reproduced: agreement with `pred` wherever one of its patterns matches. */
function protocolFidelity(model: string, rows: Output[]): FidelityResult {
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  let agreed = 0
  for (const row of rows) {
    const match = matchChoice(row.completion, row.answer, { protocol: 'mmlu-pro' })
    if (match.extracted === null) {
      tally(counts, row.pred === null ? 'no pattern matches (pred null)' : 'no pattern matches (pred a random letter)')
      continue
    }
    if (match.extracted === row.pred) agreed++
    else {
      tally(counts, `differs at step ${STEP.exec(match.explanation)?.[1]}`)
      review.push({ model, question_id: row.question_id, pred: row.pred, ours: match.extracted, passage: match.passage })
    }
  }
  const left = Object.entries(counts)
    .filter(([key]) => key.startsWith('no pattern'))
    .reduce((sum, [, n]) => sum + n, 0)
  return {
    data: `MMLU-Pro ${model}`,
    scorer: "choice, protocol 'mmlu-pro'",
    compared: rows.length - left,
    agreed,
    target: 0.995,
    counts,
    review: writeReview(`mmlu-pro-protocol-${model}.jsonl`, review),
  }
}

/** The form of a disagreement, for the breakdown. */
function disagreement(completion: string, official: AnswerMatch, ours: AnswerMatch, step: string | undefined): string {
  const read = /answer is \(?([A-J])[A-Za-z0-9]/.exec(completion)
  if (step === '1' && read?.index !== undefined && official.passage?.includes(read[0]))
    return 'official reads the first letter of a word ("answer is (Cannot ...")'
  if (ours.explanation.includes('several options')) return 'reply names several options (official takes the first; ours unanswered)'
  return `official step ${step ?? '?'}, ours ${ours.extracted === null ? 'unanswered' : 'another letter'}`
}

/** The default reading (no protocol) against the official `pred`, where the official pattern read a commitment. */
function defaultFidelity(model: string, rows: Output[], options: Map<number, string[]>): FidelityResult {
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  let agreed = 0
  let compared = 0
  for (const row of rows) {
    const official = matchChoice(row.completion, row.answer, { protocol: 'mmlu-pro' })
    const step = STEP.exec(official.explanation)?.[1]
    const ours = matchChoice(row.completion, row.answer, { choices: options.get(row.question_id) })
    const left =
      step === undefined ? 'left out: no official pattern' : step === '3' ? 'left out: official guess (step 3, a stray letter)' : null
    const conflicting = ours.explanation.startsWith('the reply commits to conflicting')
    const reason = left ?? (conflicting ? 'left out: reply commits to conflicting letters' : null)
    if (reason !== null) {
      tally(counts, `${reason}${ours.extracted === null ? '' : `, ours ${ours.extracted === official.extracted ? 'same' : 'other'}`}`)
      if (ours.extracted !== null && ours.extracted !== official.extracted)
        review.push({
          model,
          question_id: row.question_id,
          reason,
          pred: official.extracted,
          ours: ours.extracted,
          why: ours.explanation,
          passage: ours.passage,
        })
      continue
    }
    compared++
    if (ours.extracted === official.extracted) {
      agreed++
      continue
    }
    const form = disagreement(row.completion, official, ours, step)
    tally(counts, form)
    review.push({
      model,
      question_id: row.question_id,
      form,
      pred: official.extracted,
      ours: ours.extracted,
      why: ours.explanation,
      passage: official.passage,
      tail: row.completion.slice(-300),
    })
  }
  return {
    data: `MMLU-Pro ${model}`,
    scorer: 'choice (default reading)',
    compared,
    agreed,
    target: 0.995,
    counts,
    review: writeReview(`mmlu-pro-default-${model}.jsonl`, review),
  }
}

/** MMLU-Pro: the three models' official outputs, read by the official protocol and by the default reading. */
export function mmluProFidelity(): FidelityResult[] {
  const options = new Map(readFullJsonl<Question>('mmlu_pro/test.jsonl').map((q) => [q.question_id, q.options]))
  return MODELS.flatMap((model) => {
    const rows = readFullJsonl<Output>(`mmlu_pro/outputs/${model}.jsonl`)
    return [protocolFidelity(model, rows), defaultFidelity(model, rows, options)]
  })
}
