import { matchMath } from '../../src/index.ts'
import { tally, type FidelityResult } from './fidelity-result.ts'
import { readFullJsonl } from '../full-data.ts'
import { writeReview } from './review.ts'

interface Problem {
  idx: number
  gt: string
  code: string[]
  pred: string[]
  score: boolean[]
}

/** MATH: 100 problems × 8 chain-of-thought completions against the Qwen2.5-Math grader's `score`. */
export function mathCotFidelity(): FidelityResult[] {
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  let compared = 0
  let agreed = 0
  for (const problem of readFullJsonl<Problem>('math_cot/math_cot_100.jsonl')) {
    problem.code.forEach((completion, i) => {
      const match = matchMath(completion, problem.gt)
      const official = problem.score[i] as boolean
      compared++
      if (match.pass === official) {
        agreed++
        return
      }
      tally(counts, official ? 'official right, ours wrong' : 'official wrong, ours right')
      review.push({
        idx: problem.idx,
        completion: i,
        gt: problem.gt,
        officialPred: problem.pred[i],
        official,
        ours: match.extracted,
        why: match.explanation,
        passage: match.passage,
      })
    })
  }
  return [
    {
      data: 'MATH CoT 800 completions',
      scorer: 'math (defaults)',
      compared,
      agreed,
      target: 0.99,
      counts,
      review: writeReview('math-cot.jsonl', review),
    },
    math500Solutions(),
  ]
}

/** MATH-500's reference solutions read against their own `answer`: every one is right by construction. */
function math500Solutions(): FidelityResult {
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  const rows = readFullJsonl<{ unique_id: string; solution: string; answer: string }>('math500/test.jsonl')
  for (const row of rows) {
    const match = matchMath(row.solution, row.answer)
    if (match.pass) continue
    tally(counts, 'reference solution read as wrong')
    review.push({ unique_id: row.unique_id, answer: row.answer, ours: match.extracted, why: match.explanation })
  }
  return {
    data: 'MATH-500 reference solutions',
    scorer: 'math (defaults)',
    compared: rows.length,
    agreed: rows.length - review.length,
    target: 0.99,
    counts,
    review: writeReview('math500-solutions.jsonl', review),
  }
}
