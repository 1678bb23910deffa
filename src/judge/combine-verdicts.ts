import type { VerdictAggregate } from '../schema/index.ts'
import type { JudgeResult } from './judge-definition.ts'
import type { Observation } from './observe-judge.ts'

/** The combined grade of every repeat of every judge, or why there is none, with how far they agreed. */
export interface CombinedVerdict {
  result?: JudgeResult
  reason?: string
  agreement: { repeats?: number; judges?: number }
}

/** How verdicts are combined. */
export interface CombineOptions {
  aggregate: VerdictAggregate
  /** Judges that must give a valid verdict. */
  quorum: number
  passingScore: number
}

const decision = (result: JudgeResult): string => result.label ?? (result.pass ? 'pass' : 'fail')

// majority: the decision most verdicts reached (a tie is no decision); mean: the mean score, passing at passingScore
function aggregate(results: readonly JudgeResult[], options: CombineOptions): { result?: JudgeResult; split?: string; agreement: number } {
  if (options.aggregate === 'mean') {
    const score = results.reduce((sum, r) => sum + r.score, 0) / results.length
    const pass = score >= options.passingScore
    const labels = new Set(results.map((r) => r.label))
    const [first] = results
    const label = labels.size === 1 && first!.label !== undefined ? { label: first!.label } : {}
    const reasoning = first!.reasoning === undefined ? {} : { reasoning: first!.reasoning }
    return { result: { pass, score, ...label, ...reasoning }, agreement: results.filter((r) => r.pass === pass).length / results.length }
  }
  const counts = new Map<string, number>()
  for (const result of results) counts.set(decision(result), (counts.get(decision(result)) ?? 0) + 1)
  const top = Math.max(...counts.values())
  const leaders = [...counts].filter(([, n]) => n === top)
  if (leaders.length > 1) return { split: leaders.map(([d, n]) => `"${d}" ×${n}`).join(', '), agreement: top / results.length }
  return { result: results.find((r) => decision(r) === leaders[0]![0])!, agreement: top / results.length }
}

/**
 * Combines observations: first each judge's repeats, then the judges. A judge with no valid repeat, or whose repeats
 * split evenly, gives no verdict; fewer than `quorum` judges with a verdict, or judges split evenly, leave none.
 */
export function combineVerdicts(
  perJudge: ReadonlyArray<{ judge: string; observations: readonly Observation[] }>,
  options: CombineOptions,
): CombinedVerdict {
  const verdicts: JudgeResult[] = []
  const missing: string[] = []
  const repeatAgreement: number[] = []
  for (const { judge, observations } of perJudge) {
    const valid = observations.flatMap((o) => (o.kind === 'valid' ? [o.result] : []))
    if (valid.length === 0) {
      const first = observations.find((o): o is Extract<Observation, { kind: 'invalid' }> => o.kind === 'invalid')
      missing.push(`judge "${judge}": ${first?.reason ?? 'no verdict'}`)
      continue
    }
    const own = aggregate(valid, options)
    if (valid.length > 1) repeatAgreement.push(own.agreement)
    if (own.result) verdicts.push(own.result)
    else missing.push(`judge "${judge}": its repeats split (${own.split})`)
  }
  const agreement = {
    ...(repeatAgreement.length === 0 ? {} : { repeats: repeatAgreement.reduce((a, b) => a + b, 0) / repeatAgreement.length }),
  }
  if (verdicts.length < options.quorum) {
    const quorum =
      perJudge.length === 1
        ? ''
        : `quorum not reached: ${verdicts.length} of ${perJudge.length} judges gave a verdict, ${options.quorum} needed; `
    return { reason: `${quorum}${missing.join('; ')}`, agreement }
  }
  const all = aggregate(verdicts, options)
  const judges = verdicts.length > 1 ? { judges: all.agreement } : {}
  if (all.result === undefined) return { reason: `the judges split (${all.split})`, agreement: { ...agreement, ...judges } }
  return { result: all.result, agreement: { ...agreement, ...judges } }
}
