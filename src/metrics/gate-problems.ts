import type { MetricDefinition } from '../schema/index.ts'
import { BUILTIN_METRICS, createMetricCatalog, TRAJECTORY_MEASURES, type MetricCatalog } from './catalog.ts'
import { closestName } from './did-you-mean.ts'
import { metricDeclaration } from './declare-metric.ts'

/** What a benchmark can be gated on before any sample runs. */
export interface GateableMetrics {
  /** The score metrics it emits, or declares; the usage figures (latency, tokens, cost) are measured for every call. */
  scores: readonly string[]
  /** A scorer callback may emit metrics of its own: another name is then refused only when it looks like a typo. */
  open: boolean
}

/** The catalog the reporter will read the run with, the names it holds, and whether it has the user's metrics. */
export interface GateCatalog {
  catalog: MetricCatalog
  names: readonly string[]
  /** False without the plugin, whose `metrics` option holds the user's: a name missing here may still be declared. */
  complete: boolean
}

/** A metric a gate names, as an option its message quotes, with the bounds it sets (each with its own option). */
export interface GateEntry {
  option: string
  metric: string
  bounds?: readonly { option: string; value: number }[]
  /** The metric is the benchmark's primary metric, so it needs a direction from the catalog. */
  primary?: boolean
  /** The metric was not named but defaulted (the regression gate's): only its bounds are checked. */
  implied?: boolean
}

const USAGE_METRICS = Object.keys(BUILTIN_METRICS).filter(
  (name) => BUILTIN_METRICS[name]!.kind === 'usage' && !TRAJECTORY_MEASURES.includes(name),
)

/** The built-in metrics and the user's: the catalog the reporter reads a run with. */
export function gateCatalog(metrics: Readonly<Record<string, MetricDefinition>> = {}, complete = true): GateCatalog {
  return {
    catalog: createMetricCatalog(metrics),
    names: [...new Set([...Object.keys(BUILTIN_METRICS), ...Object.keys(metrics)])],
    complete,
  }
}

const quoted = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ')

function metricProblem(entry: GateEntry, gateable: GateableMetrics, { catalog, names, complete }: GateCatalog): string | undefined {
  const { metric } = entry
  const declare = metricDeclaration(metric)
  const undeclared = `names "${metric}", which is not in the metric catalog, so it has no direction to be the benchmark's primary metric; declare it: ${declare}`
  const known = [...gateable.scores, ...USAGE_METRICS]
  if (known.includes(metric)) return entry.primary && complete && !catalog.has(metric) ? undeclared : undefined
  if (!gateable.open) {
    const guess = closestName(metric, known)
    return `names "${metric}", which the benchmark does not emit${guess ? `; did you mean "${guess}"?` : ''} (it emits ${quoted(known)})`
  }
  if (catalog.has(metric)) return undefined
  // a scorer may emit any name: only one close to a name the run knows is taken for a typo
  const guess = closestName(metric, [...gateable.scores, ...names])
  if (guess !== undefined) return `names "${metric}"; did you mean "${guess}"? (if your scorer emits "${metric}", declare it: ${declare})`
  return entry.primary && complete ? undeclared : undefined
}

function boundProblem(metric: string, value: number, catalog: MetricCatalog): string | undefined {
  const { range } = catalog.get(metric)
  const below = range.min !== null && value < range.min
  const above = range.max !== null && value > range.max
  if (!below && !above) return undefined
  const span = `${range.min ?? '-∞'} to ${range.max ?? '∞'}`
  if (range.min === 0 && range.max === 1 && value > 1 && value <= 100) {
    return `is ${value}, but "${metric}" is a proportion from 0 to 1: write ${value / 100} for ${value}%`
  }
  return `is ${value}, outside the range of "${metric}" (${span})`
}

/** Every problem with what the gates name, as `<option> <problem>`; empty when all can hold. */
export function gateProblems(entries: readonly GateEntry[], gateable: GateableMetrics, catalog: GateCatalog): string[] {
  const problems: string[] = []
  for (const entry of entries) {
    const problem = entry.implied ? undefined : metricProblem(entry, gateable, catalog)
    if (problem !== undefined) {
      problems.push(`${entry.option} ${problem}`)
      continue
    }
    for (const bound of entry.bounds ?? []) {
      const outside = boundProblem(entry.metric, bound.value, catalog.catalog)
      if (outside !== undefined) problems.push(`${bound.option} ${outside}`)
    }
  }
  return problems
}
