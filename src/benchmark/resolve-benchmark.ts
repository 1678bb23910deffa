import { ConfigError } from '../errors.ts'
import {
  CIRCULAR_METRIC,
  CLASSIFICATION_METRICS,
  type GateableMetrics,
  type GateCatalog,
  type GateEntry,
  gateProblems,
  JUDGE_AGREEMENT_METRICS,
  perLabelSemantics,
  TRAJECTORY_MEASURES,
} from '../metrics/index.ts'
import { type GateSettings, type Shard, shardFromEnvironment, type Threshold, type VariantMeta } from '../schema/index.ts'
import { type BenchmarkOverrides, type RunOptions, type Scorer, validateOverrides } from './benchmark-options.ts'
import { type Benchmark, validateDefinition } from './define-benchmark.ts'
import { chooseEarlyStop } from './choose-early-stop.ts'
import { fewShotSpec } from '../prompt/index.ts'
import { providedCatalog, thresholdEntries } from './gated-metrics.ts'
import { type BenchmarkOptions, splitInline } from './inline-options.ts'

/** Which samples run, every default and override applied. */
export interface ResolvedSelection {
  limit?: number
  subset?: string[]
  repeats: number
  /** Each question asked once per rotation of its options; the rotations are its attempts. */
  circular: boolean
  shuffle: boolean
  seed: number
  shard?: Shard
  fewShot: number
}

/** A benchmark ready to declare: its definition, how it runs, and which samples. */
export interface ResolvedBenchmark {
  definition: Benchmark
  /** Names the benchmark (and where `describeBenchmark` was called) in errors. */
  where: string
  run: RunOptions
  selection: ResolvedSelection
  thresholds: Record<string, Threshold>
  /** Absent when the benchmark names none: the reporter then takes the only score metric it emits. */
  primaryMetric?: string
  /**
   * The metric the regression gate watches, decided here once and carried in the benchmark's meta (as
   * `regression.metric`), where early stopping, the gate tests and the report read it. Absent without a regression
   * gate, or when a scorer's own metrics decide it: the report then watches its primary metric.
   */
  regressionMetric?: string
  scorer?: Scorer
  /** Set for one variant of a benchmark with `variants`. */
  variant?: VariantMeta
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

// what the benchmark can emit: what it declares; else accuracy (the rule's or the judge's verdict) and the judge's own
// metric, and, with a scorer callback or a judge chosen per output, names of their own
function gateableOf(resolved: ResolvedBenchmark): GateableMetrics {
  const ruled = perSampleGateable(resolved)
  // circular evaluation adds its corpus metric, whatever the benchmark declares
  const perSample = resolved.selection.circular ? { ...ruled, scores: [...ruled.scores, CIRCULAR_METRIC] } : ruled
  const { classification, aggregate, tools, task } = resolved.run
  const agent = tools !== undefined || task !== undefined || resolved.definition.sampleTools !== undefined
  if (agent) perSample.scores = [...perSample.scores, ...TRAJECTORY_MEASURES]
  if (!classification && aggregate === undefined) return perSample
  // per-label figures are named after the labels, and an aggregate's names are known only once it has run
  return { scores: [...perSample.scores, ...(classification ? Object.keys(CLASSIFICATION_METRICS) : [])], open: true }
}

function perSampleGateable(resolved: ResolvedBenchmark): GateableMetrics {
  const declared = resolved.definition.metrics
  if (declared !== undefined) return { scores: declared, open: false }
  const judge = resolved.run.judge?.definition
  if (resolved.run.judge?.expected !== undefined) return { scores: Object.keys(JUDGE_AGREEMENT_METRICS), open: false }
  const judgeMetric = typeof judge === 'object' && 'metric' in judge ? judge.metric : undefined
  const answer = resolved.definition.answer
  const credit = answer?.kind === 'choice' && answer.partialCredit === true ? ['partial_credit'] : []
  return {
    scores: [...new Set(['accuracy', ...credit, ...(judgeMetric === undefined ? [] : [judgeMetric])])],
    open: resolved.scorer !== undefined || typeof judge === 'function',
  }
}

// a benchmark that measures its judge has as primary metric how often the judge agrees with people, or how far its grades are
function measuredPrimary(run: RunOptions): string | undefined {
  if (run.judge?.expected === undefined) return undefined
  const { definition } = run.judge
  return typeof definition === 'object' && definition.kind === 'numeric' ? 'judge_mae' : 'judge_agreement'
}

/**
 * Refuses, where the benchmark is declared and before any call is paid for, gates that cannot hold: a threshold or
 * regression gate on a metric the benchmark does not emit (with the likely one), a bound outside the metric's range
 * (80 for a proportion), and a primary metric without a direction.
 */
function checkGates(chosen: ResolvedBenchmark, ownEarlyStop: boolean, gates: GateSettings | undefined): ResolvedBenchmark {
  const gateable = gateableOf(chosen)
  const { regression } = chosen.run
  const catalog = providedCatalog(gates)
  // the one place the watched metric is decided
  const watched =
    regression === undefined ? undefined : (regression.metric ?? chosen.primaryMetric ?? defaultPrimary(chosen, gateable, catalog))
  const resolved = corpusEarlyStop(chosen, ownEarlyStop, watched)
  if (resolved.run.earlyStop) {
    if (!resolved.selection.shuffle)
      throw new ConfigError(
        `${resolved.where}: earlyStop needs the samples in a seeded random order, so that every prefix of the run is a random sample; remove shuffle: false.`,
      )
  }
  const entries: GateEntry[] = thresholdEntries(resolved.thresholds)
  if (resolved.primaryMetric !== undefined)
    entries.push({ option: 'option "primaryMetric"', metric: resolved.primaryMetric, primary: true })
  if (regression !== undefined && watched !== undefined) {
    const bounds = [{ option: 'option "regression.maxDrop"', value: regression.maxDrop }]
    entries.push({ option: 'option "regression.metric"', metric: watched, bounds, implied: regression.metric === undefined })
  }
  const problems = gateProblems(entries, gateable, catalog)
  if (problems.length > 0) throw new ConfigError(`${resolved.where}: ${problems.join('; ')}.`)
  return watched !== undefined ? { ...resolved, regressionMetric: watched } : resolved
}

// the primary metric the reporter will take (report/primary-metric.ts) when the benchmark names none and emits only
// what it can foresee: the judge's metric when the judge alone grades, else accuracy
function defaultPrimary(resolved: ResolvedBenchmark, gateable: GateableMetrics, { catalog }: GateCatalog): string | undefined {
  if (gateable.open) return undefined
  const judge = resolved.run.judge
  const definition = judge?.definition
  const judgeOnly = typeof definition === 'object' && (judge?.policy ?? 'judge-only') === 'judge-only'
  const metric = judgeOnly && 'metric' in definition ? definition.metric : undefined
  return metric !== undefined && gateable.scores.includes(metric) && catalog.get(metric).kind === 'score' ? metric : 'accuracy'
}

// early stopping decides on a running mean of per-sample scores, and a corpus metric is no such mean: asked
// for by the benchmark, it is refused; from the plugin's default, this benchmark runs to the end
function corpusEarlyStop(resolved: ResolvedBenchmark, own: boolean, watched: string | undefined): ResolvedBenchmark {
  const { classification, aggregate, earlyStop } = resolved.run
  if (!earlyStop) return resolved
  const isCorpus = (metric: string): boolean =>
    aggregate !== undefined || (classification === true && (metric in CLASSIFICATION_METRICS || perLabelSemantics(metric) !== undefined))
  const gated = [...Object.keys(resolved.thresholds), ...(watched === undefined ? [] : [watched])].filter(isCorpus)
  if (gated.length === 0) return resolved
  if (!own) return { ...resolved, run: { ...resolved.run, earlyStop: undefined } }
  const what = aggregate !== undefined ? 'a benchmark with its own aggregate' : `"${gated[0]}", a corpus metric (classification)`
  throw new ConfigError(
    `${resolved.where}: earlyStop decides on running means of per-sample scores, so it does not apply to ${what}; remove earlyStop, or gate on per-sample metrics only.`,
  )
}

function whereOf(name: string, location: string | undefined): string {
  return location === undefined ? `describeBenchmark("${name}")` : `describeBenchmark("${name}") at ${location}`
}

/** `describeBenchmark(name, options, scorer?)`: the definition the options hold, run with the rest as its overrides. */
export function resolveNamed(
  name: string,
  options: BenchmarkOptions,
  scorer: Scorer | undefined,
  location: string | undefined,
  gates?: GateSettings,
): ResolvedBenchmark {
  const { definition, overrides } = splitInline(name, options)
  return resolveDefined(definition, overrides, scorer, location, gates)
}

// a definition may bring what is under test (a task reading the output from the sample) and its judge; the
// overrides' judge options are laid over its own, and a model given in the overrides replaces its task
function withDefinitionDefaults(benchmark: Benchmark, overrides: BenchmarkOverrides): BenchmarkOverrides {
  const task = overrides.task === undefined && overrides.model === undefined ? benchmark.task : undefined
  const judge = benchmark.judge === undefined ? overrides.judge : { ...benchmark.judge, ...overrides.judge }
  return withoutUndefined({ ...overrides, ...(task ? { task } : {}), judge })
}

/** `describeBenchmark(benchmark, overrides, scorer?)`: the overrides applied over the benchmark's defaults. */
export function resolveDefined(
  benchmark: Benchmark,
  overrides: BenchmarkOverrides,
  scorer: Scorer | undefined,
  location: string | undefined,
  gates?: GateSettings,
): ResolvedBenchmark {
  const name = benchmark.name
  validateDefinition(benchmark, `describeBenchmark(${typeof name === 'string' ? `"${name}"` : 'benchmark'})`)
  const merged = withDefinitionDefaults(benchmark, overrides)
  validateOverrides(name, merged)
  const { limit, subset, repeats, circular, shuffle, seed, shard, fewShot, thresholds, ...run } = merged
  const defaults = benchmark.defaults ?? {}
  const chosenScorer = scorer ?? benchmark.scorer
  const where = whereOf(name, location)
  const earlyStop = chooseEarlyStop(run.earlyStop, shuffle ?? defaults.shuffle, gates?.earlyStop)
  return checkGates(
    {
      definition: benchmark,
      where,
      run: withoutUndefined({
        ...run,
        system: run.system ?? benchmark.system,
        classification: run.classification ?? benchmark.classification,
        aggregate: run.aggregate ?? benchmark.aggregate,
        earlyStop,
      }),
      selection: withoutUndefined({
        limit: limit ?? defaults.limit,
        subset: subset ?? defaults.subset,
        repeats: repeats ?? defaults.repeats ?? 1,
        circular: circular ?? defaults.circular ?? false,
        shuffle: shuffle ?? defaults.shuffle ?? Boolean(earlyStop),
        seed: seed ?? defaults.seed ?? 0,
        shard: shard ?? shardFromEnvironment(),
        fewShot: fewShot ?? fewShotSpec(benchmark.fewShot)?.count ?? 0,
      }),
      thresholds: { ...benchmark.thresholds, ...thresholds },
      ...withoutUndefined({ primaryMetric: benchmark.primaryMetric ?? benchmark.metrics?.[0] ?? measuredPrimary(run) }),
      ...(chosenScorer ? { scorer: chosenScorer } : {}),
    },
    run.earlyStop !== undefined,
    gates,
  )
}
