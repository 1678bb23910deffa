import type { MetricSemantics, SampleMeta } from '../schema/index.ts'

/**
 * The range a metric's interval is kept inside: the catalog's bounds, and where the catalog has none, the scale of
 * the judges that graded it (a 1–5 judge under "score" cannot have a mean outside 1 to 5).
 */
export function metricRange(
  metric: string,
  semantics: MetricSemantics,
  samples: readonly { meta: SampleMeta }[],
): MetricSemantics['range'] {
  const { range } = semantics
  if (range.min !== null && range.max !== null) return range
  let min = Infinity
  let max = -Infinity
  for (const { meta } of samples) {
    for (const record of meta.judge ?? []) {
      if (record.metric !== metric || record.scale === undefined) continue
      min = Math.min(min, record.scale.min)
      max = Math.max(max, record.scale.max)
    }
  }
  if (min > max) return range
  return { min: range.min ?? min, max: range.max ?? max }
}
