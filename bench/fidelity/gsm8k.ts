import { matchNumber, type NumberOptions } from '../../src/index.ts'
import { tally, type FidelityResult } from './fidelity-result.ts'
import { readFullJsonl } from '../full-data.ts'
import { writeReview } from './review.ts'

interface Solution {
  is_correct: boolean
  solution: string
}

type SolutionsRow = { question: string } & Record<(typeof MODELS)[number], Solution>

const MODELS = ['6b_finetuning', '6b_verification', '175b_finetuning', '175b_verification'] as const

function fidelity(name: string, options: NumberOptions): FidelityResult {
  const golds = new Map(
    readFullJsonl<{ question: string; answer: string }>('gsm8k/test.jsonl').map((row) => [
      row.question,
      row.answer.split('####').at(-1)?.trim() ?? '',
    ]),
  )
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  let compared = 0
  let agreed = 0
  for (const row of readFullJsonl<SolutionsRow>('gsm8k/example_model_solutions.jsonl')) {
    const gold = golds.get(row.question)
    if (gold === undefined) throw new Error(`gsm8k: no gold answer for the question ${JSON.stringify(row.question.slice(0, 60))}`)
    for (const model of MODELS) {
      const { is_correct: official, solution } = row[model]
      const match = matchNumber(solution, gold, options)
      compared++
      if (match.pass === official) {
        agreed++
        continue
      }
      tally(counts, official ? 'official right, ours wrong' : 'official wrong, ours right')
      review.push({ model, gold, official, ours: match.extracted, why: match.explanation, tail: solution.slice(-200) })
    }
  }
  return {
    data: 'GSM8K 4 × 1,319 GPT-3 solutions',
    scorer: name,
    compared,
    agreed,
    target: 0.999,
    counts,
    review: writeReview(`gsm8k-${name.replace(/\W+/g, '-').replace(/-$/, '')}.jsonl`, review),
  }
}

/** GSM8K: OpenAI's four sets of GPT-3 solutions, each ending "A: N", against their `is_correct`. */
export function gsm8kFidelity(): FidelityResult[] {
  return [fidelity('number (defaults)', {}), fidelity("number, marker 'A:'", { marker: 'A:' })]
}
