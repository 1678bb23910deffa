import { z } from 'zod'
import type { Model } from '../model/index.ts'
import {
  JudgeModelSpecSchema,
  JudgeRunOptionsSchema,
  ScoringPolicySchema,
  VerdictModeSchema,
  type JudgeModelSpec,
  type JudgeRunOptions,
  type Sample,
  type ScoringPolicy,
  type VerdictMode,
} from '../schema/index.ts'
import type { JudgeContext, JudgeDefinition } from './judge-definition.ts'

/**
 * A judge model: a `Model` such as `models.openai(...)`, or, as the plugin's `judge.model` takes it, a model name or an
 * OpenAI-compatible endpoint `{ model, baseURL?, apiKeyEnv? }` whose key is read from the environment.
 */
export type JudgeModel = Model | string | JudgeModelSpec

/** What decides a sample's judge definition: criteria, a definition, or a function choosing one per output. */
export type JudgeDefinitionSource = string | JudgeDefinition | ((context: JudgeContext) => string | JudgeDefinition)

/** A benchmark's `judge` option: its judge models, its judge, its scoring policy and how judges run. */
export interface JudgeOptions extends JudgeRunOptions {
  /**
   * The judge model(s), each a `Model` or, as in the plugin's `judge.model`, a model name or an endpoint configured
   * from the environment; several form a panel with a quorum. @default the plugin's `judge.model`
   * @example 'gpt-4o-mini'
   */
  model?: JudgeModel | readonly JudgeModel[]
  /** The judge of every sample the policy sends to it; a function may pick per output, e.g. `judge.skip` for empty ones. */
  definition?: JudgeDefinitionSource
  /** How the rule and the judge score a sample. @default "judge-only" with a definition, else the scorer decides */
  policy?: ScoringPolicy
  /** This benchmark's verdict mode, instead of the plugin's; EVALSUITE_VERDICTS still outranks it. */
  verdicts?: VerdictMode
  /**
   * The human verdict of each sample. With it the benchmark measures its judge against people instead of grading
   * the output: for a pairwise judge "win", "loss" or "tie" for the output under test, for a labels judge a label,
   * for a numeric judge the human score.
   * @example { expected: (sample) => String(sample.target) }
   */
  expected?: (sample: Sample) => HumanVerdict
}

/** A human verdict: a pairwise outcome ("win", "loss", "tie") or a label, or a score for a numeric judge. */
export type HumanVerdict = string | number

/** Whether a judge model is a `Model` object rather than a name or an endpoint to configure. */
export const isModel = (value: unknown): value is Model =>
  typeof value === 'object' && value !== null && typeof (value as Model).generate === 'function'
const isJudgeModel = (value: unknown): boolean =>
  (typeof value === 'string' && value !== '') || isModel(value) || JudgeModelSpecSchema.safeParse(value).success

const JudgeModelsSchema = z.custom<JudgeModel | readonly JudgeModel[]>(
  (value) => (Array.isArray(value) ? value.length > 0 && value.every(isJudgeModel) : isJudgeModel(value)),
  {
    message:
      'must be a model name, an endpoint { model, baseURL?, apiKeyEnv? }, a Model such as models.openai({ model }), or a non-empty list of them',
  },
)

/** Checks a benchmark's `judge` option. */
export const JudgeOptionsSchema = JudgeRunOptionsSchema.extend({
  model: JudgeModelsSchema.optional(),
  definition: z
    .custom<JudgeDefinitionSource>(
      (value) =>
        typeof value === 'string' || typeof value === 'function' || (typeof value === 'object' && value !== null && 'kind' in value),
      {
        message: 'must be criteria, a judge.* definition, or a function returning one',
      },
    )
    .optional(),
  policy: ScoringPolicySchema.optional(),
  verdicts: VerdictModeSchema.optional(),
  expected: z
    .custom<(sample: Sample) => HumanVerdict>((value) => typeof value === 'function', {
      message: 'must be a function (sample) => the human verdict',
    })
    .optional(),
}).strict()
