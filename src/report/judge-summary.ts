import type { JudgeRecord, Report } from '../schema/index.ts'
import type { SampleOutcome } from '../records/index.ts'
import { totalCostUsd } from './usage-totals.ts'

type JudgeSummary = NonNullable<Report['judge']>

function mean(values: readonly (number | undefined)[]): number | null {
  const known = values.filter((v): v is number => v !== undefined)
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length
}

/** What the judges of a run did and cost, apart from the model under test; undefined when no judge was involved. */
export function summarizeJudges(samples: readonly SampleOutcome[]): JudgeSummary | undefined {
  // most runs have no judge: one pass over their samples, without an array per sample
  const records: JudgeRecord[] = []
  for (const { meta } of samples) if (meta.judge) records.push(...meta.judge)
  if (records.length === 0) return undefined
  const sum = (pick: (r: JudgeRecord) => number): number => records.reduce((total, r) => total + pick(r), 0)
  return {
    models: [...new Set(records.flatMap((r) => r.judges))].sort(),
    judged: records.filter((r) => r.status === 'judged').length,
    invalid: records.filter((r) => r.status === 'invalid').length,
    skipped: records.filter((r) => r.status === 'skipped').length,
    calls: { live: sum((r) => r.calls.live), stored: sum((r) => r.calls.stored), invalid: sum((r) => r.calls.invalid) },
    usage: { inputTokens: sum((r) => r.usage?.inputTokens ?? 0), outputTokens: sum((r) => r.usage?.outputTokens ?? 0) },
    costUsd: totalCostUsd(records.flatMap((r) => (r.costUsd === undefined ? [] : [r.costUsd]))),
    agreement: {
      repeats: mean(records.map((r) => r.agreement?.repeats)),
      judges: mean(records.map((r) => r.agreement?.judges)),
      swaps: mean(records.map((r) => r.agreement?.swaps)),
    },
  }
}
