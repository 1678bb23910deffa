import { ConfigError } from '../errors.ts'
import { METRIC_NAME, MetricDefinitionSchema, type MetricDefinition, type MetricSemantics, PARSED_ONCE } from '../schema/index.ts'
import { CLASSIFICATION_METRICS, perLabelSemantics } from './classification-catalog.ts'
import { JUDGE_AGREEMENT_METRICS } from './judge-metrics.ts'
import { ratio } from './ratio.ts'

const unbounded = (precision: number, description: string): MetricSemantics => ({
  kind: 'score',
  direction: 'higher',
  unit: null,
  range: { min: null, max: null },
  display: 'number',
  scale: 1,
  precision,
  description,
})

const measured = (direction: MetricSemantics['direction'], unit: string, precision: number, description: string): MetricSemantics => ({
  kind: 'usage',
  direction,
  unit,
  range: { min: 0, max: null },
  display: 'number',
  scale: 1,
  precision,
  description,
})

/** The metrics evalsuite knows by name. Scorers emit the scores; the harness measures the usage figures. */
export const BUILTIN_METRICS: Readonly<Record<string, MetricSemantics>> = {
  accuracy: ratio('Share of samples answered right.'),
  exact_match: ratio('Share of replies equal to the target after normalisation.'),
  f1: ratio('Token-overlap F1 between reply and target.'),
  precision: ratio('Share of predicted items that are right.'),
  recall: ratio('Share of expected items that were predicted.'),
  partial_credit: ratio('Multiple choice with several right options: the share of them chosen, 0 when a wrong option is chosen.'),
  circular_accuracy: ratio('Circular evaluation: share of multiple-choice questions answered right in every rotation of their options.'),
  pass_rate: ratio('Share of samples that passed every check.'),
  win_rate: ratio("Share of pairwise comparisons the output won, a tie counting half (a pairwise judge's metric)."),
  judge_score: unbounded(2, "A judge model's grade, on the judge's own scale."),
  score: unbounded(3, 'The number a scorer returned.'),
  tool_call_accuracy: ratio('Share of samples whose trajectory matchers (toCallTool, toCallTools, toMatchTrajectory) all passed.'),
  tool_precision: ratio('Per sample, the share of tool calls made that an expected call was paired with (samples that made calls).'),
  tool_recall: ratio('Per sample, the share of expected tool calls paired with a call made (samples that expected calls).'),
  latency: measured('lower', 'ms', 0, 'Wall time of the model call, retries included.'),
  time_to_first_token: measured('lower', 'ms', 0, 'Time until the first streamed token.'),
  input_tokens: measured('none', 'tokens', 1, 'Prompt tokens per call.'),
  output_tokens: measured('none', 'tokens', 1, 'Completion tokens per call.'),
  cost: measured('lower', 'USD', 4, 'Price of the model call.'),
  steps: measured('lower', 'steps', 1, "Model turns of a sample's trajectory, the last reply included."),
  tool_errors: measured(
    'lower',
    'calls',
    2,
    'Tool calls per sample that failed: arguments not JSON, an unknown tool, arguments the schema refused, a tool that threw or timed out.',
  ),
  ...JUDGE_AGREEMENT_METRICS,
  ...CLASSIFICATION_METRICS,
}

/** The figures measured of a sample's trajectory: only a benchmark that runs an agent (tools, or a task) emits them. */
export const TRAJECTORY_MEASURES: readonly string[] = ['steps', 'tool_errors']

/** The entry of a metric the catalog does not know: a bare value, no direction, never a primary metric. */
export function diagnosticSemantics(): MetricSemantics {
  return {
    kind: 'diagnostic',
    direction: 'none',
    unit: null,
    range: { min: null, max: null },
    display: 'number',
    scale: 1,
    precision: 4,
    description: 'Not in the catalog.',
  }
}

/** The metric catalog of a run: the built-in metrics and the user's, by name. */
export interface MetricCatalog {
  /** The entry for a name (per-label figures such as "f1_positive" included); a diagnostic entry for a name the catalog does not know. */
  get(name: string): MetricSemantics
  has(name: string): boolean
}

function resolve(definition: MetricDefinition, base: MetricSemantics | undefined): MetricSemantics {
  const range = definition.range ? { min: definition.range[0], max: definition.range[1] } : (base?.range ?? { min: null, max: null })
  const unitRange = range.min === 0 && range.max === 1
  const display = definition.display ?? (definition.range ? (unitRange ? 'percent' : 'number') : (base?.display ?? 'number'))
  const percent = display === 'percent'
  return {
    kind: base?.kind ?? 'score',
    direction: definition.direction,
    unit: definition.unit ?? (percent ? null : (base?.unit ?? null)),
    range,
    display,
    scale: definition.scale ?? (base?.display === display ? base.scale : percent ? 100 : 1),
    precision: definition.precision ?? (base?.display === display ? base.precision : percent ? 1 : 3),
    description: definition.description ?? base?.description ?? 'Declared in the evalsuite plugin options.',
  }
}

/**
 * The catalog with the user's metrics (from `evalsuite({ metricDefinitions })`) added, or overriding built-in entries.
 * Every entry is checked here, so a typo fails the run at start with the metric's name.
 */
export function createMetricCatalog(custom: Readonly<Record<string, MetricDefinition>> = {}): MetricCatalog {
  const entries = new Map(Object.entries(BUILTIN_METRICS))
  const problems: string[] = []
  for (const [name, definition] of Object.entries(custom)) {
    if (!METRIC_NAME.test(name)) {
      problems.push(`"${name}": a metric name is snake_case (lower-case letters, digits and "_", starting with a letter)`)
      continue
    }
    const parsed = MetricDefinitionSchema.safeParse(definition, PARSED_ONCE)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`"${[name, ...issue.path].join('.')}": ${issue.message}`)
      continue
    }
    entries.set(name, resolve(parsed.data, BUILTIN_METRICS[name]))
  }
  if (problems.length > 0) throw new ConfigError(`evalsuite({ metricDefinitions }): ${problems.join('; ')}.`)
  return {
    get: (name) => entries.get(name) ?? perLabelSemantics(name) ?? diagnosticSemantics(),
    has: (name) => entries.has(name) || perLabelSemantics(name) !== undefined,
  }
}
