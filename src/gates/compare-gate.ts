import { formatDelta, formatP, noChangeIntervalReason } from '../metrics/index.ts'
import type { MetricSemantics, VariantMatrix } from '../schema/index.ts'
import type { GateEvaluation } from './gate-checks.ts'

/** The compare gate of one variant in one line, as its test shows it: null `passed` when this run cannot evaluate it. */
export function evaluateCompareGate(matrix: VariantMatrix, variant: string, semantics: MetricSemantics): GateEvaluation {
  const where = `${matrix.benchmark} [${variant}] against ${matrix.reference}`
  const row = matrix.rows.find((r) => r.name === variant)
  if (!matrix.rows.some((r) => r.name === matrix.reference))
    return { passed: null, summary: `${where}: not evaluated, the reference variant did not run` }
  const comparison = row?.comparison
  if (comparison == null || comparison.passed === null)
    return {
      passed: null,
      summary: `${where}: not evaluated, ${matrix.metric === null ? 'no primary metric' : 'no sample scored by both'}`,
    }
  const figures = `${matrix.metric} ${formatDelta(semantics, comparison.delta)} (95% CI ${comparison.interval === null ? `none: ${noChangeIntervalReason(comparison.n)}` : `${formatDelta(semantics, comparison.interval.lower)} to ${formatDelta(semantics, comparison.interval.upper)}`}), ${formatP(comparison.pValue)}, Holm ${formatP(comparison.adjustedP)}, n ${comparison.n}`
  const reading = comparison.nonInferior ? '; non-inferior' : ''
  return {
    passed: comparison.passed,
    summary: `${where} ${comparison.passed ? 'held' : 'FAILED'} (maxDrop ${matrix.maxDrop}, α ${matrix.alpha}): ${figures}${reading}`,
  }
}
