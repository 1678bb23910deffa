import { matchMath } from '../../src/index.ts'
import { tally, type FidelityResult } from './fidelity-result.ts'
import { readFullJsonl } from '../full-data.ts'
import { writeReview } from './review.ts'

interface Case {
  test: string
  case_index: number
  gold: string
  pred: string
  expected: 0 | 1
  options: Record<string, unknown>
}

// Settings of Math-Verify's tests that have no counterpart here: such cases are reported on their own line.
function unofferedSetting(options: Record<string, unknown>): string | null {
  if (options.allow_set_relation_comp === false)
    return 'allow_set_relation_comp: false (we always compare a set with the relation describing it)'
  if (options.strict === false) return 'strict: false (we always compare variables by name)'
  return null
}

/** Math-Verify's parametrised equivalence cases: the pass rate per kind of case. */
export function mathVerifyFidelity(): FidelityResult[] {
  const byKind = new Map<string, { compared: number; agreed: number }>()
  const counts: Record<string, number> = {}
  const review: unknown[] = []
  let compared = 0
  let agreed = 0
  const unoffered = { compared: 0, agreed: 0 }
  for (const c of readFullJsonl<Case>('math_verify_cases/math_verify_cases.jsonl')) {
    // Math-Verify's `precision` is our option of the same name; its other settings are left at their defaults
    const match = matchMath(c.pred, c.gold, typeof c.options.precision === 'number' ? { precision: c.options.precision } : {})
    const ok = match.pass === (c.expected === 1)
    const setting = unofferedSetting(c.options)
    if (setting !== null) {
      unoffered.compared++
      if (ok) unoffered.agreed++
      else tally(counts, `left out, setting not offered: ${setting}`)
    } else {
      compared++
      const kind = byKind.get(c.test) ?? { compared: 0, agreed: 0 }
      kind.compared++
      if (ok) {
        agreed++
        kind.agreed++
      }
      byKind.set(c.test, kind)
    }
    if (!ok)
      review.push({
        test: c.test,
        case_index: c.case_index,
        expected: c.expected,
        setting,
        gold: c.gold.slice(-300),
        pred: c.pred.slice(-300),
        ours: match.extracted,
        why: match.explanation,
      })
  }
  for (const [kind, n] of [...byKind].sort()) counts[`${kind}: ${n.agreed}/${n.compared}`] = n.compared - n.agreed
  counts[`cases needing a setting we do not offer: ${unoffered.agreed}/${unoffered.compared} agree`] = unoffered.compared - unoffered.agreed
  return [
    {
      data: "Math-Verify's 268 cases",
      scorer: 'math (defaults; precision where a case sets it)',
      compared,
      agreed,
      target: 0.9,
      counts,
      review: writeReview('math-verify.jsonl', review),
    },
  ]
}
