import { comparePaired, type MetricCatalog } from '../metrics/index.ts'
import type { Baseline, BaselineComparison, Comparison } from '../schema/index.ts'
import { compareJudgeWithBaseline } from './baseline-judge.ts'
import type { MeasuredSample } from './judge-statistics.ts'

type Scores = ReadonlyMap<string, ReadonlyMap<string, number>>

function idsOf(scores: Iterable<Iterable<string>>): Set<string> {
  const ids = new Set<string>()
  for (const list of scores) for (const id of list) ids.add(id)
  return ids
}

/**
 * This run against its baseline, sample by sample: which samples are shared, new or missing, and for every metric with
 * a direction, the paired difference on the samples both scored; for a judge measured against human labels (`judged`,
 * by sample id), its kappas or correlations too, recomputed on those samples.
 */
export function compareWithBaseline(
  current: Scores,
  judged: ReadonlyMap<string, MeasuredSample>,
  baseline: Baseline['models'][string] | undefined,
  catalog: MetricCatalog,
  file: string,
  updated: boolean,
): BaselineComparison {
  const before = baseline?.metrics ?? {}
  const currentIds = idsOf([...current.values()].map((perSample) => perSample.keys()))
  const baselineIds = idsOf(Object.values(before).map((perSample) => Object.keys(perSample)))
  const metrics: Comparison[] = []
  for (const metric of [...current.keys()].sort()) {
    const semantics = catalog.get(metric)
    const old = before[metric]
    if (old === undefined || semantics.direction === 'none') continue
    // in sample id order, so the bootstrap draws the same resamples however the run was split or ordered
    const pairs = [...current.get(metric)!]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([id, value]) => (old[id] === undefined ? [] : [{ baseline: old[id], current: value }]))
    const comparison = comparePaired(pairs, semantics.direction === 'lower', { range: semantics.range })
    if (comparison) metrics.push({ metric, ...comparison })
  }
  metrics.push(...compareJudgeWithBaseline(judged, baseline?.judge))
  return {
    file,
    found: baseline !== undefined,
    updated,
    shared: [...currentIds].filter((id) => baselineIds.has(id)).length,
    newSamples: [...currentIds].filter((id) => !baselineIds.has(id)).sort(),
    missingSamples: [...baselineIds].filter((id) => !currentIds.has(id)).sort(),
    metrics: metrics.sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0)),
  }
}
