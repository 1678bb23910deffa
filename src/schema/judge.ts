import { z } from 'zod'
import { VERDICT_MODES } from '../names/index.ts'
import { UsageSchema } from './usage.ts'
import { CountSchema, FractionSchema, NonEmptyTextSchema, NonNegativeSchema, PositiveIntSchema, PositiveSchema } from './field-shapes.ts'

/** How judge calls meet the committed verdicts: call only, reuse and record, or reuse only (a miss fails its sample). */
export const VerdictModeSchema = z.enum(VERDICT_MODES)
/** How judge calls meet the committed verdicts. */
export type VerdictMode = z.infer<typeof VerdictModeSchema>

/**
 * How a benchmark scores its samples from its rule (the scorer, or the default answer check) and its judge.
 * - `rule-only`: the rule alone; no judge is called, `toPassJudge` included.
 * - `judge-only`: the judge alone; a sample it gives no valid verdict is errored.
 * - `judge-by-default`: the judge; where it gives no valid verdict, the rule's score stands in.
 * - `rule-by-default`: the rule; where the rule cannot read an answer, the judge decides.
 * - `cascade`: the rule; the judge sees only what the rule marked wrong or could not read, and decides those.
 */
export const ScoringPolicySchema = z.enum(['rule-only', 'judge-only', 'judge-by-default', 'rule-by-default', 'cascade'])
/** How a benchmark scores its samples from its rule and its judge. */
export type ScoringPolicy = z.infer<typeof ScoringPolicySchema>

/** How the verdicts of repeats, or of several judges, are combined. */
export const VerdictAggregateSchema = z.enum(['majority', 'mean'])
/** How the verdicts of repeats, or of several judges, are combined. */
export type VerdictAggregate = z.infer<typeof VerdictAggregateSchema>

/** A judge model named by its endpoint (in the plugin's options or a benchmark's): OpenAI-compatible, without its key. */
export const JudgeModelSpecSchema = z
  .object({
    model: NonEmptyTextSchema,
    baseURL: z.string().optional(),
    /** The environment variable holding the key. @default "OPENAI_API_KEY" */
    apiKeyEnv: NonEmptyTextSchema.optional(),
    temperature: z.number().optional(),
    maxTokens: PositiveIntSchema.optional(),
    timeoutMs: PositiveSchema.optional(),
    maxRetries: CountSchema.optional(),
    extraBody: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
/** A judge model named by its OpenAI-compatible endpoint, without its key. */
export type JudgeModelSpec = z.infer<typeof JudgeModelSpecSchema>

/** How the executor runs judges; every field has a default. */
export const JudgeRunOptionsSchema = z
  .object({
    /** Each judge grades each sample this many times. @default 1 */
    repeats: PositiveIntSchema.optional(),
    /** @default "majority" for labels and pairwise, "mean" for numeric grades */
    aggregate: VerdictAggregateSchema.optional(),
    /** Judges that must give a valid verdict for the sample to be scored. @default a majority of them */
    quorum: PositiveIntSchema.optional(),
    /** Ask pairwise judges in both orders; a verdict counts only if both agree. @default true */
    swap: z.boolean().optional(),
    /** Judge calls in flight at once. @default 8 */
    concurrency: PositiveIntSchema.optional(),
    /** A judge call that takes longer fails its sample. @default 120000 */
    timeoutMs: PositiveSchema.optional(),
  })
  .strict()
/** How the executor runs judges. */
export type JudgeRunOptions = z.infer<typeof JudgeRunOptionsSchema>

/** What the plugin hands the workers: default judge models, the verdict mode and how to run judges. */
export const ProvidedJudgeSettingsSchema = JudgeRunOptionsSchema.extend({
  models: z.array(JudgeModelSpecSchema),
  /** The plugin's `judge.verdicts`, or EVALSUITE_VERDICTS; undefined: replay when a judge has no credentials, else record. */
  verdicts: VerdictModeSchema.optional(),
  /** Set by EVALSUITE_VERDICTS, which outranks a benchmark's own `verdicts` option. */
  fromEnvironment: z.boolean(),
  /** Vitest's `-u`: judge again and rewrite the verdict files. */
  update: z.boolean(),
})
/** What the plugin hands the workers. */
export type ProvidedJudgeSettings = z.infer<typeof ProvidedJudgeSettingsSchema>

/** One judge reply as committed beside the eval file: the parsed verdict, or why the reply was invalid. */
export const StoredVerdictSchema = z
  .object({
    sample: z.string(),
    /** The sample's attempt (0-based) when its benchmark repeats samples. */
    attempt: CountSchema.optional(),
    case: z.string(),
    judge: z.string(),
    repeat: PositiveIntSchema.optional(),
    swapped: z.literal(true).optional(),
    verdict: z.record(z.string(), z.unknown()).optional(),
    invalid: z.object({ reason: z.string(), reply: z.string() }).optional(),
    usage: UsageSchema.optional(),
    key: NonEmptyTextSchema,
  })
  .refine((line) => (line.verdict === undefined) !== (line.invalid === undefined), 'needs exactly one of "verdict" or "invalid"')
/** One judge reply as committed beside the eval file. */
export type StoredVerdict = z.infer<typeof StoredVerdictSchema>

const AgreementSchema = z.object({
  /** Share of each judge's repeats that reached its majority decision. */
  repeats: FractionSchema.optional(),
  /** Share of the judges that reached the combined decision. */
  judges: FractionSchema.optional(),
  /** Share of pairwise questions whose two orders agreed. */
  swaps: FractionSchema.optional(),
})

/** A verdict as measured against a human label: a pairwise outcome or a label, a grade, or null for an invalid reply. */
const MeasuredVerdictSchema = z.union([z.string(), z.number()]).nullable()

/** One judgement of a sample, as kept in its meta and report: the verdict, or why there is none. */
export const JudgeRecordSchema = z.object({
  /** The judge definition's name. */
  name: z.string(),
  /** `skipped`: a rule settled the sample (`reason` says which); `invalid`: no valid verdict (`reason` says why). */
  status: z.enum(['judged', 'skipped', 'invalid']),
  pass: z.boolean().optional(),
  label: z.string().optional(),
  score: z.number().finite().optional(),
  /** The metric the score is recorded under, besides pass/fail for accuracy. */
  metric: z.string().optional(),
  /** The lowest and highest score the judge can give, which bound the metric's interval. */
  scale: z.object({ min: z.number().finite(), max: z.number().finite() }).optional(),
  reasoning: z.string().optional(),
  reason: z.string().optional(),
  /** Names of the judge models asked. */
  judges: z.array(z.string()),
  /** The rule's score stood in for a missing verdict (policy judge-by-default). */
  fallback: z.literal(true).optional(),
  /** Replies this judgement used: called now, read from the verdict file, and how many of them were invalid. */
  calls: z.object({
    live: CountSchema,
    stored: CountSchema,
    invalid: CountSchema,
  }),
  /** Tokens the judge calls of this run used, apart from the model under test's. */
  usage: UsageSchema.optional(),
  /**
   * What the judge calls of this run cost at the judges' prices, in US dollars (0 when every verdict was stored);
   * absent without prices.
   */
  costUsd: NonNegativeSchema.optional(),
  agreement: AgreementSchema.optional(),
  /**
   * With human labels (a benchmark's `judge.expected`): the verdict of each order asked, kept even where the orders
   * disagree (for pairwise judges, the outcome for the output under test); null for an invalid reply.
   */
  verdicts: z.object({ original: MeasuredVerdictSchema, swapped: MeasuredVerdictSchema.optional() }).optional(),
  /** The human label the verdicts are measured against. */
  expected: z.union([z.string(), z.number().finite()]).optional(),
})
/** One judgement of a sample. */
export type JudgeRecord = z.infer<typeof JudgeRecordSchema>
