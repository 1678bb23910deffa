import { metricDeclaration, type MetricCatalog } from '../metrics/index.ts'
import type { BenchmarkMeta, Diagnostic, SampleMeta } from '../schema/index.ts'

/** A benchmark's primary metric, or the reason there is none. */
export interface PrimaryMetric {
  metric: string | null
  /** Set when the report refuses to pick one: it fails the benchmark. */
  problem?: Diagnostic
}

/**
 * The metric a judge alone grades the benchmark on: every scored sample was graded by judges only (no answer check),
 * all under that one metric. Its accuracy is then only the judge's pass line over the same grades.
 */
export function judgeOnlyMetric(samples: readonly { meta: SampleMeta }[]): string | undefined {
  let found: string | undefined
  for (const { meta } of samples) {
    if (meta.status !== 'scored') continue
    if ((meta.checks?.length ?? 0) > 0) return undefined
    const graded = meta.judge?.filter((record) => record.pass !== undefined) ?? []
    if (graded.length === 0) return undefined
    for (const { metric } of graded) {
      if (metric === undefined || metric === 'accuracy' || (found !== undefined && metric !== found)) return undefined
      found = metric
    }
  }
  return found
}

/**
 * The benchmark's primary metric: the one it names, which must be in the catalog; else the judge's metric when a
 * judge alone grades it; else the only score metric it emits, or accuracy among several. With several and no
 * accuracy, none named, the report refuses to guess; so it does with no score metric and several outside the catalog.
 */
export function resolvePrimaryMetric(
  meta: BenchmarkMeta,
  emitted: readonly string[],
  catalog: MetricCatalog,
  judged?: string,
): PrimaryMetric {
  const named = meta.primaryMetric
  if (named !== undefined) {
    if (catalog.has(named)) return { metric: named }
    const declare = metricDeclaration(named)
    const message = `primary metric "${named}" is not in the metric catalog, so it has no direction to gate on; declare it: ${declare}`
    return { metric: null, problem: { severity: 'error', code: 'primary-metric-undeclared', message } }
  }
  const scores = emitted.filter((metric) => catalog.get(metric).kind === 'score').sort()
  if (judged !== undefined && scores.includes(judged)) return { metric: judged }
  const undeclared = scores.length === 0 ? emitted.filter((metric) => !catalog.has(metric)).sort() : []
  if (undeclared.length > 1) {
    const [first] = undeclared
    const declare = `evalsuite({ metricDefinitions: { ${first}: { direction: 'higher' } } })`
    const message = `it emits ${undeclared.map((m) => `"${m}"`).join(', ')}, none of them in the metric catalog, and no accuracy, so none can be its primary metric: declare one with ${declare} and add primaryMetric: "${first}" where "${meta.name}" is declared`
    return { metric: null, problem: { severity: 'error', code: 'primary-metric-ambiguous', message } }
  }
  if (scores.length <= 1) return { metric: scores[0] ?? null }
  // accuracy is every sample's verdict (its checks, its judge, a returned boolean): a scorer's other scores grade beside it
  if (scores.includes('accuracy')) return { metric: 'accuracy' }
  const message = `it emits ${scores.map((m) => `"${m}"`).join(', ')} and no accuracy, so add primaryMetric: "${scores[0]}" (or another) where "${meta.name}" is declared`
  return { metric: null, problem: { severity: 'error', code: 'primary-metric-ambiguous', message } }
}
