import { aggregateMetric, formatAmount, isHeadlineRow, type MetricCatalog, metricDeclaration } from '../metrics/index.ts'
import {
  type Baseline,
  type Check,
  cutText,
  type Diagnostic,
  type MetricRow,
  type MetricSemantics,
  parseTrajectoryText,
  type Report,
  REPORT_VERSION,
  shortList,
  thousands,
  type Trajectory,
} from '../schema/index.ts'
import { compareWithBaseline, measuredById } from '../baseline/index.ts'
import { type BenchmarkRecords, isPartial, type SampleOutcome, shardLabel } from '../records/index.ts'
import {
  judgeOnlyMetric,
  notEvaluatedGate,
  type RegressionContext,
  regressionGate,
  resolvePrimaryMetric,
  thresholdGates,
} from '../gates/index.ts'
import { measureJudge } from './judge-agreement.ts'
import { summarizeJudges } from './judge-summary.ts'
import { isRepeated, observationsByMetric, plannedAttempts, scoresBySample } from './observations.ts'
import { metricRange } from './metric-range.ts'
import { runCorpus } from './run-corpus.ts'
import { percentiles, usageTotals } from './usage-totals.ts'

/** Everything besides the run itself that a report depends on. */
export interface ReportContext {
  createdAt: string
  catalog: MetricCatalog
  /** The baseline file (relative to the project root), this model's entry in it if any, and why it could not be read. */
  baseline: { file: string; entry: Baseline['models'][string] | undefined; problem?: string }
  /** `vitest run -u`: the baseline is being rewritten from this run. */
  updating: boolean
  /** A regression gate without a baseline fails (in CI) instead of waiting for one. */
  missingBaselineFails: boolean
  /**
   * Which samples get a row: every one (by default), or only the errored, all that a gate test's report shows of
   * them; the rows are most of what the report of a large run allocates, in the worker when its memory peaks.
   */
  sampleRows?: 'all' | 'errored'
}

const KIND_ORDER: Record<MetricSemantics['kind'], number> = { score: 0, diagnostic: 1, usage: 2 }

function metricOrder(names: Iterable<string>, catalog: MetricCatalog, primary: string | null): string[] {
  const usageOrder = ['latency', 'time_to_first_token', 'input_tokens', 'output_tokens', 'cost']
  const rank = (name: string): [number, number, string] => [
    name === primary ? -1 : KIND_ORDER[catalog.get(name).kind],
    usageOrder.includes(name) ? usageOrder.indexOf(name) : usageOrder.length,
    name,
  ]
  return [...names].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)]
    return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0)
  })
}

const cutOrNull = (text: string | null): string | null => (text === null ? null : cutText(text))

// a check of the exact kind holds the whole reply as its answer and passage: cut as the output is
function keptCheck(check: Check): Check {
  const kept: Check = {
    matcher: check.matcher,
    kind: check.kind,
    pass: check.pass,
    target: typeof check.target === 'string' ? cutText(check.target) : check.target.map((target) => cutText(target)),
    extracted: cutOrNull(check.extracted),
    passage: cutOrNull(check.passage),
    explanation: check.explanation,
  }
  if (check.hint) kept.hint = check.hint
  if (check.execution) kept.execution = check.execution
  if (check.toolCalls) kept.toolCalls = check.toolCalls
  return kept
}

// the main process reads a record's trajectory text as it collects the samples; a gate test, in the worker that
// wrote the text, reads its own
function ownTrajectory(text: string | undefined): Trajectory | undefined {
  if (text === undefined) return undefined
  const read = parseTrajectoryText(text)
  if ('problem' in read) throw new Error(`evalsuite: a sample's trajectory record does not read back: ${read.problem}`)
  return read.trajectory
}

// one row per sample of a large run, so fields are set rather than spread from temporaries, in the schema's key
// order: the rows are written as built (their values come from sample records already parsed), see writeReport
function sampleRow(sample: SampleOutcome): Report['samples'][number] {
  const { meta } = sample
  const check = meta.checks?.find((c) => !c.pass) ?? meta.checks?.[0]
  // the status is set just below, after the optional fields that precede it in the schema
  const row = { id: meta.sampleId } as Report['samples'][number]
  if (meta.attempt !== undefined) row.attempt = meta.attempt
  if (meta.subset !== undefined) row.subset = meta.subset
  row.status = sample.status
  // the worker cut these already, and a cut text is not cut again
  if (meta.input !== undefined) row.input = cutText(meta.input)
  if (meta.target !== undefined)
    row.target = typeof meta.target === 'string' ? cutText(meta.target) : meta.target.map((target) => cutText(target))
  if (meta.output !== undefined) row.output = cutText(meta.output)
  const trajectory = sample.trajectory ?? ownTrajectory(meta.trajectory)
  if (trajectory) row.trajectory = trajectory
  if (meta.scores) row.scores = meta.scores
  if (check) row.extracted = cutOrNull(check.extracted)
  if (meta.checks && meta.checks.length > 0) row.checks = meta.checks.map(keptCheck)
  if (meta.latencyMs !== undefined) row.latencyMs = Math.round(meta.latencyMs * 10) / 10
  if (meta.ttftMs !== undefined) row.ttftMs = Math.round(meta.ttftMs * 10) / 10
  if (meta.usage) row.usage = meta.usage
  if (meta.costUsd !== undefined) row.costUsd = meta.costUsd
  if (meta.notRun !== undefined) row.notRun = meta.notRun
  if (sample.error !== undefined) row.error = sample.error
  if (meta.judge) row.judge = meta.judge
  return row
}

// an aggregate may return thousands of metrics: the first few get a note each, the rest one note together
const NOTED_METRICS = 5

function undeclaredNotes(rows: readonly MetricRow[], catalog: MetricCatalog): Diagnostic[] {
  const undeclared = [...new Set(rows.map((row) => row.metric))].filter((metric) => catalog.get(metric).kind === 'diagnostic')
  const notes: Diagnostic[] = undeclared.slice(0, NOTED_METRICS).map((metric) => ({
    severity: 'warning',
    code: 'undeclared-metric',
    message: `"${metric}" is not in the metric catalog: shown as a bare value, never compared with the baseline; declare it with ${metricDeclaration(metric)}`,
  }))
  const rest = undeclared.slice(NOTED_METRICS)
  if (rest.length > 0) {
    const names = shortList(
      rest.map((metric) => `"${metric}"`),
      NOTED_METRICS,
    )
    notes.push({
      severity: 'warning',
      code: 'undeclared-metric',
      message: `${thousands(rest.length)} more metrics are not in the metric catalog either: ${names}`,
    })
  }
  return notes
}

function warnings(rows: readonly MetricRow[], primary: string | null, catalog: MetricCatalog): Diagnostic[] {
  const found = undeclaredNotes(rows, catalog)
  const overall = rows.find((row) => row.metric === primary && row.subset === null && isHeadlineRow(row))
  if (overall?.smallSample) {
    const samples = overall.samples === 1 ? '1 sample' : `${overall.samples} samples`
    const width = overall.interval
      ? `spans ${formatAmount(catalog.get(overall.metric), overall.interval.upper - overall.interval.lower)}`
      : 'is undefined'
    found.push({
      severity: 'warning',
      code: 'small-sample',
      message: `only ${samples}: the 95% interval of ${overall.metric} ${width}, so smaller changes cannot be told from noise`,
    })
  }
  const excluded = rows.find((row) => row.subset === null && row.excluded > 0)
  if (excluded) {
    found.push({
      severity: 'warning',
      code: 'attempts-excluded',
      message: `pass@k, pass^k and majority vote leave out ${excluded.excluded === 1 ? '1 sample' : `${excluded.excluded} samples`} with fewer than ${excluded.k} scored attempts`,
    })
  }
  return found
}

function round(value: number | null): number {
  return Math.round((value ?? 0) * 10) / 10
}

/** Aggregates one benchmark run: metrics with intervals, the baseline comparison, gates, the error allowance, usage. */
export function buildReport(run: BenchmarkRecords, context: ReportContext): Report {
  const { catalog } = context
  const counts = { samples: run.samples.length, right: 0, wrong: 0, errored: 0, skipped: 0 }
  const latencies: number[] = []
  const usage = { inputTokens: 0, outputTokens: 0 }
  for (const { status, meta } of run.samples) {
    counts[status] += 1
    if (meta.latencyMs !== undefined) latencies.push(meta.latencyMs)
    usage.inputTokens += meta.usage?.inputTokens ?? 0
    usage.outputTokens += meta.usage?.outputTokens ?? 0
  }
  const attempts = plannedAttempts(run.samples)
  const observations = observationsByMetric(run.samples)
  const primary = resolvePrimaryMetric(run.meta, [...observations.keys()], catalog, judgeOnlyMetric(run.samples))
  const measured = measureJudge(run.samples)
  const setLevel = measured?.rows ?? new Map<string, Omit<MetricRow, 'metric'>>()
  const corpus = runCorpus(run, catalog, context.baseline.entry)
  const names = new Set([...observations.keys(), ...setLevel.keys(), ...corpus.rows.keys()])
  const metrics: MetricRow[] = metricOrder(names, catalog, primary.metric).flatMap((metric) => {
    const whole = setLevel.get(metric)
    if (whole) return [{ metric, ...whole }]
    const ofCorpus = corpus.rows.get(metric)
    if (ofCorpus) return ofCorpus
    return aggregateMetric(observations.get(metric)!, { attempts, range: metricRange(metric, catalog.get(metric), run.samples) }).map(
      (row) => ({ metric, ...row }),
    )
  })
  // compared only where the report shows it: a baseline to compare with, one being written, or a regression gate
  const shown = context.baseline.entry !== undefined || context.updating || run.meta.regression !== undefined
  const baseline = shown
    ? compareWithBaseline(
        scoresBySample(run.samples),
        measuredById(run.samples),
        context.baseline.entry,
        catalog,
        context.baseline.file,
        context.updating,
      )
    : null
  if (baseline)
    baseline.metrics = [...baseline.metrics.filter((c) => !corpus.rows.has(c.metric)), ...corpus.comparisons].sort((a, b) =>
      a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0,
    )
  const gates: Report['gates'] = thresholdGates(run.meta.thresholds, metrics)
  if (run.meta.regression) {
    const watched = run.meta.regression.metric ?? primary.metric
    const metric: RegressionContext['metric'] =
      watched === null
        ? { name: null, why: `no metric to watch: ${primary.problem?.message ?? 'no score was recorded'}` }
        : { name: watched, semantics: catalog.get(watched) }
    const comparison = baseline!.metrics.find((c) => c.metric === watched)
    gates.push(
      regressionGate(run.meta.regression, {
        metric,
        comparison,
        file: context.baseline.file,
        model: run.meta.model,
        updating: context.updating,
        missingFails: context.missingBaselineFails,
      }),
    )
  }
  // one shard alone evaluates no gate: its gates are evaluated on the merged report
  const partial = isPartial(run)
  const judged = partial ? gates.map((gate) => notEvaluatedGate(gate, shardLabel(run.shards!))) : gates
  const { errored } = counts
  const errorAllowance = { maxErrors: run.meta.maxErrors, errored, passed: errored <= run.meta.maxErrors }
  const diagnostics: Diagnostic[] = [
    ...(primary.problem ? [primary.problem] : []),
    ...warnings(metrics, primary.metric, catalog),
    ...corpus.diagnostics,
  ]
  // Vitest's timeout ends a test before the sample can be counted against maxErrors: its failed test fails Vitest's
  // run, and the verdict must say so rather than pass beside it
  const failedWithin = errorAllowance.passed ? run.samples.filter((sample) => sample.testFailed) : []
  if (failedWithin.length > 0) {
    const ids = failedWithin
      .slice(0, 5)
      .map((sample) => (sample.meta.attempt === undefined ? sample.meta.sampleId : `${sample.meta.sampleId}#${sample.meta.attempt}`))
    diagnostics.push({
      severity: 'error',
      code: 'errored-test-failed',
      message: `${failedWithin.length} errored sample(s) failed their tests although within maxErrors ${run.meta.maxErrors} (${ids.join(', ')}): a test timeout ends a sample before maxErrors can allow it; give the model calls a timeout of their own (timeoutMs), shorter than the benchmark's`,
    })
  }
  const unreadable = context.baseline.problem
  if (unreadable !== undefined) diagnostics.unshift({ severity: 'error', code: 'baseline-invalid', message: unreadable })
  const noRealError = errorAllowance.passed && diagnostics.every((d) => d.severity !== 'error')
  const named = new Set([...metrics.map((row) => row.metric), ...gates.flatMap((gate) => (gate.metric === null ? [] : [gate.metric]))])
  const judge = summarizeJudges(run.samples)
  return {
    version: REPORT_VERSION,
    benchmark: run.meta.name,
    model: run.meta.model,
    file: run.file,
    createdAt: context.createdAt,
    primaryMetric: primary.metric,
    passed: noRealError ? (partial ? null : gates.every((gate) => gate.passed === true)) : false,
    counts,
    repeats: isRepeated(run.samples) ? { attempts, samples: new Set(run.samples.map((s) => s.meta.sampleId)).size } : null,
    errorAllowance,
    catalog: Object.fromEntries([...named].sort().map((metric) => [metric, catalog.get(metric)])),
    metrics,
    baseline,
    gates: judged,
    diagnostics,
    usage,
    latencyMs: percentiles(latencies),
    ...usageTotals(run, usage),
    durationMs: run.meta.durationMs === undefined ? null : round(run.meta.durationMs),
    ...(run.shards ? { shards: run.shards } : {}),
    samples: (context.sampleRows === 'errored' ? run.samples.filter((sample) => sample.status === 'errored') : run.samples).map(sampleRow),
    ...(judge ? { judge: measured?.confusion ? { ...judge, confusion: measured.confusion } : judge } : {}),
  }
}
