import { ScorerError } from '../errors.ts'
import type { Check, JudgeRecord } from '../schema/index.ts'
import { toolCallScores } from './tool-call-scores.ts'

/** What a scorer callback may return: a verdict (accuracy), a score ("score"), or named metrics. */
export type ScorerReturn = void | undefined | boolean | number | Record<string, number>

function finite(metric: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const shown = typeof value === 'number' ? String(value) : JSON.stringify(value)
    throw new ScorerError(`The scorer returned ${shown} for metric "${metric}"; a metric must be a finite number.`)
  }
  return value
}

/**
 * A judgement's metrics: pass/fail as accuracy (or the score itself, when the judge's metric is accuracy), and the
 * score under the judge's metric. A judgement without a verdict has none.
 */
export function judgementScores(record: JudgeRecord): Record<string, number> {
  if (record.pass === undefined || record.score === undefined) return {}
  if (record.metric === 'accuracy') return { accuracy: record.score }
  return { accuracy: record.pass ? 1 : 0, ...(record.metric === undefined ? {} : { [record.metric]: record.score }) }
}

// judgements on the same metric are averaged; their pass/fail is a verdict
function averageJudgements(judged: readonly JudgeRecord[], scores: Record<string, number>, verdict: (value: number) => void): void {
  const graded = new Map<string, number[]>()
  for (const { accuracy, ...metrics } of judged.map(judgementScores)) {
    if (accuracy !== undefined) verdict(accuracy)
    for (const [metric, value] of Object.entries(metrics)) graded.set(metric, [...(graded.get(metric) ?? []), value])
  }
  for (const [metric, values] of graded) scores[metric] = values.reduce((a, b) => a + b, 0) / values.length
}

/**
 * Combines the matcher checks, the judgements and the scorer's return value into the sample's metrics. Accuracy is
 * the minimum of every verdict given, so a returned `true` or `{ accuracy: 1 }` cannot overrule a failed check;
 * judgements on the same metric are averaged.
 */
export function toScores(
  checks: readonly Check[] | undefined,
  returned: ScorerReturn,
  judged: readonly JudgeRecord[] = [],
): Record<string, number> {
  const scores: Record<string, number> = {}
  const verdict = (value: number): void => {
    scores.accuracy = Math.min(scores.accuracy ?? 1, value)
  }
  if (checks && checks.length > 0) verdict(checks.every((check) => check.pass) ? 1 : 0)
  const credits = checks?.flatMap((check) => (check.credit === undefined ? [] : [check.credit])) ?? []
  if (credits.length > 0) scores.partial_credit = credits.reduce((a, b) => a + b, 0) / credits.length
  if (checks) Object.assign(scores, toolCallScores(checks))
  if (judged.length > 0) averageJudgements(judged, scores, verdict)
  if (typeof returned === 'boolean') verdict(returned ? 1 : 0)
  else if (typeof returned === 'number') scores.score = finite('score', returned)
  else if (returned !== null && typeof returned === 'object') {
    for (const [metric, value] of Object.entries(returned)) {
      if (metric === 'accuracy') verdict(finite(metric, value))
      else scores[metric] = finite(metric, value)
    }
  }
  if (Object.keys(scores).length === 0) {
    throw new ScorerError(
      'The scorer recorded no score: call expect(output).toMatchAnswer(...) or return a boolean, a number, or { metric: number }.',
    )
  }
  return scores
}
