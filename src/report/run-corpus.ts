import { circularAccuracy, classificationAggregate, type MetricCatalog } from '../metrics/index.ts'
import type { Baseline, Comparison, Diagnostic, MetricRow } from '../schema/index.ts'
import { checkedAggregate } from './checked-aggregate.ts'
import type { BenchmarkRecords } from '../records/index.ts'
import { corpusFigures } from '../baseline/index.ts'
import { needsMergedAggregate } from './merged-aggregate.ts'
import { errorMessage } from '../errors.ts'

/** A run's corpus metrics, by metric, their baseline comparisons, and why any are missing. */
export interface RunCorpus {
  rows: Map<string, MetricRow[]>
  comparisons: Comparison[]
  diagnostics: Diagnostic[]
}

/**
 * The corpus metrics of a run, computed on the samples the report holds, so that a run split into shards gives exactly
 * the figures of the whole: the built-in classification and circular figures, here; the benchmark's own `aggregate` as its worker
 * recorded them (`meta.corpus`) when that worker held every sample, and otherwise (a merge of shards) here, with the
 * function the reporter imported from the eval file (`ownAggregate`).
 */
export function runCorpus(run: BenchmarkRecords, catalog: MetricCatalog, entry: Baseline['models'][string] | undefined): RunCorpus {
  const found: RunCorpus = { rows: new Map(), comparisons: [], diagnostics: [] }
  const add = ({ rows, comparisons }: { rows: readonly MetricRow[]; comparisons: readonly Comparison[] }): void => {
    for (const row of rows) found.rows.set(row.metric, [...(found.rows.get(row.metric) ?? []), row])
    found.comparisons.push(...comparisons)
  }
  if (run.meta.classification) add(corpusFigures(run.samples, classificationAggregate, entry, catalog))
  if (run.meta.circular !== undefined) add(corpusFigures(run.samples, circularAccuracy(run.meta.circular), entry, catalog))
  const recorded = run.meta.corpus
  if (recorded === undefined) return found
  if (!needsMergedAggregate(run)) {
    add(recorded)
    return found
  }
  const names = [...new Set(recorded.rows.map((row) => row.metric))].sort().map((name) => `"${name}"`)
  const own = `the benchmark's own aggregate (${names.join(', ') || 'no figure'})`
  const loaded = run.ownAggregate ?? { problem: 'the reporter did not load it' }
  if ('problem' in loaded) {
    found.diagnostics.push({
      severity: 'warning',
      code: 'aggregate-sharded',
      message: `${own} could not run on the merged shards' samples, so its figures are left out: ${loaded.problem}`,
    })
    return found
  }
  try {
    add(corpusFigures(run.samples, checkedAggregate(run.meta.name, loaded.aggregate), entry, catalog))
  } catch (error) {
    // in an unsharded run the same error fails the benchmark's gate tests
    found.diagnostics.push({ severity: 'error', code: 'aggregate-sharded', message: errorMessage(error) })
  }
  return found
}
