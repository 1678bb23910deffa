import { z } from 'zod'
import type { AgentTools } from '../agent/index.ts'
import type { Dataset, RecordSource, SampleInput } from '../dataset/index.ts'
import { BUILTIN_METRICS, closestName, type CorpusAggregate } from '../metrics/index.ts'
import { ThresholdSchema, PARSED_ONCE, CountSchema, NonEmptyTextSchema, type Sample, type Threshold } from '../schema/index.ts'
import type { AnswerOptions } from '../scoring/index.ts'
import { JudgeOptionsSchema, type JudgeOptions } from '../judge/index.ts'
import { AnswerOptionsSchema, DatasetSchema, optionsError, type RunOptions, type Scorer } from './benchmark-options.ts'
import type { FewShotSpec, PromptTemplate } from '../prompt/index.ts'
import { listedSubsets, SelectionShape, SubsetSpecSchema, type SelectionOptions, type SubsetSpec } from '../selection/index.ts'

/** A reusable benchmark: its data, how a record becomes a sample, its prompt, and how replies are scored. */
export interface BenchmarkDefinition {
  /** Names the suite, its report file and its recordings file. */
  name: string
  /** The name shown in docs, e.g. "MMLU-Pro". @default name */
  prettyName?: string
  /** What the benchmark measures, in a sentence or two. */
  description?: string
  tags?: string[]
  /** The fields a record of the data must have, and what each holds (shown in the docs). */
  expectedFields?: Record<string, string>
  /** The samples, or the records `toSample` makes them from: inline, or a loader such as `datasets.jsonl(path)` (see `datasets`). */
  dataset: Dataset | readonly Record<string, unknown>[]
  /** How a raw record becomes a sample, given where it was read; replaces the loader's field mapping (for the few-shot dataset too). */
  toSample?: (record: Record<string, unknown>, source: RecordSource) => SampleInput
  /** The subsets: their names, or the record field holding each sample's subset (with or without the names). */
  subsets?: SubsetSpec
  /** Where few-shot examples come from, how many, and how they are drawn; a number is `{ count }` from the benchmark's own samples. */
  fewShot?: number | FewShotSpec
  /**
   * The user message sent to the model: a template over the sample's fields, or a function.
   * @default "{input}", or a lettered multiple-choice prompt when samples have choices
   */
  prompt?: PromptTemplate
  /** A system message sent before the prompt. */
  system?: string
  /**
   * How examples and prompt are put together, with `{examples}`, `{prompt}` and the sample's fields.
   * @default "{examples}\n\n{prompt}"
   */
  fewShotTemplate?: string
  /**
   * One example as text: a template over the example's fields and `{target}`, or a function.
   * @default "{input}\n\n{choices}\nANSWER: {target}" (without `{choices}` for samples without options)
   */
  toFewShot?: string | ((example: Sample) => string)
  /** Keeps the samples for which it returns true; applied after the limit. */
  filter?: (sample: Sample) => boolean
  /**
   * How the default scorer reads the answer from a reply (a `matchAnswer` kind and its options, or `code`: the reply's
   * program run in the code sandbox with the sample's target as its tests). @default { kind: 'choice' } for
   * samples with choices, else { kind: 'exact', marker: 'ANSWER:' } (the last "ANSWER:" line, or the whole reply when it has none)
   */
  answer?: AnswerOptions
  /** Scores a sample instead of the default scorer; describeBenchmark's own scorer argument replaces it. */
  scorer?: Scorer
  /**
   * The tools each sample offers the model, when they differ from sample to sample (BFCL's functions); the tool loop
   * runs around them as around `tools`, which replace them when describeBenchmark gives them.
   */
  sampleTools?: (sample: Sample) => AgentTools
  /**
   * The metrics the benchmark reports. When given, thresholds and the primary metric must be among them (thresholds may
   * also gate the usage figures, such as latency); when not, a gate must name a metric the benchmark emits.
   */
  metrics?: string[]
  /**
   * The benchmark's primary metric; needed when it emits several score metrics, none of them accuracy: the
   * report will not guess. @default the first of `metrics`, else accuracy, or the only score metric it emits
   */
  primaryMetric?: string
  /** Default gates; describeBenchmark's `thresholds` replace them metric by metric. */
  thresholds?: Record<string, Threshold>
  /** Default selection (limit, subset, repeats, shuffle, seed); describeBenchmark's overrides win. */
  defaults?: Omit<SelectionOptions, 'shard'>
  /** What is under test when describeBenchmark gives neither `task` nor `model`, e.g. an output read from the sample. */
  task?: RunOptions['task']
  /** Default judge options (a definition, human labels); describeBenchmark's `judge` is laid over them, option by option. */
  judge?: JudgeOptions
  /** Per-label precision, recall and F1, their averages and Cohen's kappa (see describeBenchmark's `classification`). @default false */
  classification?: boolean
  /** Corpus metrics of your own (see describeBenchmark's `aggregate`); describeBenchmark's own replaces it. */
  aggregate?: CorpusAggregate
}

/** A validated benchmark definition, as `describeBenchmark(benchmark, overrides)` takes it. */
export type Benchmark = Readonly<BenchmarkDefinition>

/** What a `BenchmarkDefinition` may hold, checked strictly, with the checks between its fields. */
export const DefinitionSchema = z
  .object({
    name: NonEmptyTextSchema,
    prettyName: NonEmptyTextSchema.optional(),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    expectedFields: z.record(z.string(), z.string()).optional(),
    dataset: DatasetSchema,
    toSample: z.function().optional(),
    subsets: SubsetSpecSchema.optional(),
    fewShot: z
      .union([
        CountSchema,
        z
          .object({
            dataset: DatasetSchema.optional(),
            count: CountSchema,
            pick: z.enum(['first', 'random']).optional(),
            groupBy: NonEmptyTextSchema.optional(),
          })
          .strict(),
      ])
      .optional(),
    prompt: z.union([z.string(), z.function()]).optional(),
    system: z.string().optional(),
    fewShotTemplate: z.string().optional(),
    toFewShot: z.union([z.string(), z.function()]).optional(),
    filter: z.function().optional(),
    answer: AnswerOptionsSchema.optional(),
    scorer: z.function().optional(),
    sampleTools: z.function().optional(),
    metrics: z.array(NonEmptyTextSchema).min(1).optional(),
    primaryMetric: NonEmptyTextSchema.optional(),
    thresholds: z.record(z.string(), ThresholdSchema).optional(),
    defaults: z.object(SelectionShape).omit({ shard: true }).strict().optional(),
    task: z.function().optional(),
    judge: JudgeOptionsSchema.optional(),
    classification: z.boolean().optional(),
    aggregate: z.function().optional(),
  })
  .strict()
  .superRefine((definition, context) => {
    const problem = (path: PropertyKey[], message: string): void => context.addIssue({ code: 'custom', path, message })
    const metrics = definition.metrics
    const guess = (name: string): string => {
      const close = closestName(name, metrics ?? [])
      return close === undefined ? '' : `; did you mean "${close}"?`
    }
    if (metrics && definition.primaryMetric !== undefined && !metrics.includes(definition.primaryMetric)) {
      problem(
        ['primaryMetric'],
        `names a metric the benchmark does not declare${guess(definition.primaryMetric)} (it declares ${metrics.join(', ')})`,
      )
    }
    for (const metric of Object.keys(definition.thresholds ?? {})) {
      if (metrics && !metrics.includes(metric) && BUILTIN_METRICS[metric]?.kind !== 'usage')
        problem(['thresholds', metric], `gates a metric the benchmark does not declare${guess(metric)} (it declares ${metrics.join(', ')})`)
    }
    const listed = listedSubsets(definition.subsets)
    if (listed && new Set(listed).size !== listed.length) problem(['subsets'], 'lists a subset twice')
    for (const subset of definition.defaults?.subset ?? []) {
      if (listed && !listed.includes(subset)) problem(['defaults', 'subset'], `names "${subset}", which is not a listed subset`)
    }
  })

/** Checks a definition, throwing one ConfigError that lists every problem. */
export function validateDefinition(definition: BenchmarkDefinition, where: string): void {
  const parsed = DefinitionSchema.safeParse(definition, PARSED_ONCE)
  if (!parsed.success) throw optionsError(where, parsed.error)
}

/**
 * Defines a reusable benchmark: the value `describeBenchmark(benchmark, overrides)` runs. Validated here, so that a
 * mistake fails where it was written.
 * @example
 * const tickets = defineBenchmark({
 *   name: 'tickets',
 *   dataset: datasets.csv('evals/data/tickets.csv'),
 *   toSample: (row) => ({ id: row.ticket_id as string, input: row.body as string, target: row.team as string }),
 *   prompt: 'Which team should handle this ticket?\n\n{input}\n\nEnd with "ANSWER: <team>".',
 *   answer: { kind: 'regex', pattern: /ANSWER:\s*(\w+)/ },
 *   thresholds: { accuracy: 0.8 },
 * })
 * describeBenchmark(tickets, { model: models.openai({ model: 'gpt-4o-mini' }), limit: 100 })
 */
export function defineBenchmark(definition: BenchmarkDefinition): Benchmark {
  const name = typeof definition?.name === 'string' ? `"${definition.name}"` : ''
  validateDefinition(definition, `defineBenchmark(${name})`)
  return Object.freeze({ ...definition })
}
