import { classificationAggregate, type MetricCatalog } from '../metrics/index.ts'
import type { Baseline, Comparison, Diagnostic, MetricRow } from '../schema/index.ts'
import type { BenchmarkRun } from './collect-runs.ts'
import { corpusFigures } from './corpus-figures.ts'

/** A run's figures of the whole set, by metric, their baseline comparisons, and why any are missing. */
export interface RunCorpus {
  rows: Map<string, MetricRow[]>
  comparisons: Comparison[]
  diagnostics: Diagnostic[]
}

/**
 * The corpus metrics of a run: the built-in classification figures, computed here from the merged samples, so that
 * a run split into shards gives exactly the figures of the whole; and the benchmark's own `aggregate`, as its worker
 * recorded them (`meta.corpus`), which only a run holding every sample in one worker has.
 */
export function runCorpus(run: BenchmarkRun, catalog: MetricCatalog, entry: Baseline['models'][string] | undefined): RunCorpus {
  const found: RunCorpus = { rows: new Map(), comparisons: [], diagnostics: [] }
  const add = (rows: readonly MetricRow[], comparisons: readonly Comparison[]): void => {
    for (const row of rows) found.rows.set(row.metric, [...(found.rows.get(row.metric) ?? []), row])
    found.comparisons.push(...comparisons)
  }
  if (run.meta.classification) {
    const { rows, comparisons } = corpusFigures(run.samples, classificationAggregate, entry, catalog)
    add(rows, comparisons)
  }
  const recorded = run.meta.corpus
  if (recorded === undefined) return found
  if (run.shards === undefined) {
    add(recorded.rows, recorded.comparisons)
    return found
  }
  const names = [...new Set(recorded.rows.map((row) => row.metric))].sort().map((name) => `"${name}"`)
  found.diagnostics.push({
    severity: 'warning',
    code: 'aggregate-sharded',
    message: `the benchmark's own aggregate (${names.join(', ') || 'no figure'}) runs in the worker that holds the samples, and a sharded run has none holding them all, so its figures are left out; run the benchmark unsharded for them`,
  })
  return found
}
