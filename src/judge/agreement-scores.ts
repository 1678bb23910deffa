import { JudgeError } from '../errors.ts'
import type { JudgeRecord } from '../schema/index.ts'

/**
 * A sample's scores when its judge is measured against a human label: for a label or a pairwise outcome, whether each
 * order's verdict equals it and whether the orders agree (an invalid reply, null, equals no label, and two of them
 * agree); for a grade, its absolute difference from the human score (none for an invalid reply).
 */
export function agreementScores(record: JudgeRecord): Record<string, number> {
  const { verdicts, expected } = record
  if (verdicts === undefined || expected === undefined)
    throw new JudgeError(
      `Judge "${record.name}" gave no verdict to measure against the human label: ${record.reason ?? 'a rule settled the sample'}`,
    )
  if (typeof expected === 'number')
    return typeof verdicts.original === 'number' ? { judge_mae: Math.abs(verdicts.original - expected) } : {}
  const original = verdicts.original === expected ? 1 : 0
  if (verdicts.swapped === undefined) return { judge_agreement: original, judge_agreement_original: original }
  const swapped = verdicts.swapped === expected ? 1 : 0
  return {
    judge_agreement: (original + swapped) / 2,
    judge_agreement_original: original,
    judge_agreement_swapped: swapped,
    judge_agreement_both: original * swapped,
    position_consistency: verdicts.original === verdicts.swapped ? 1 : 0,
  }
}
