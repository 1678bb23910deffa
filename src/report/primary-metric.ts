import type { MetricCatalog } from '../metrics/index.ts'
import type { BenchmarkMeta, Diagnostic } from '../schema/index.ts'

/** The metric that stands for a benchmark, or the reason there is none. */
export interface PrimaryMetric {
  metric: string | null
  /** Set when the report refuses to pick one: it fails the benchmark. */
  problem?: Diagnostic
}

/**
 * The benchmark's primary metric: the one it names, which must be in the catalog; else the only score metric it emits,
 * or accuracy among several. With several and no accuracy, none named, the report refuses to guess.
 */
export function resolvePrimaryMetric(meta: BenchmarkMeta, emitted: readonly string[], catalog: MetricCatalog): PrimaryMetric {
  const named = meta.primaryMetric
  if (named !== undefined) {
    if (catalog.has(named)) return { metric: named }
    const declare = `evalsuite({ metrics: { ${named}: { direction: 'higher' } } })`
    const message = `primary metric "${named}" is not in the metric catalog, so it has no direction to gate on; declare it: ${declare}`
    return { metric: null, problem: { severity: 'error', code: 'primary-metric-undeclared', message } }
  }
  const scores = emitted.filter((metric) => catalog.get(metric).kind === 'score').sort()
  if (scores.length <= 1) return { metric: scores[0] ?? null }
  // accuracy is every sample's verdict (its checks, its judge, a returned boolean): a scorer's other scores grade beside it
  if (scores.includes('accuracy')) return { metric: 'accuracy' }
  const message = `it emits ${scores.map((m) => `"${m}"`).join(', ')} and no accuracy, so add primaryMetric: "${scores[0]}" (or another) where "${meta.name}" is declared`
  return { metric: null, problem: { severity: 'error', code: 'primary-metric-ambiguous', message } }
}
