import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import {
  JudgeModelSpecSchema,
  JudgeRunOptionsSchema,
  VerdictModeSchema,
  NonEmptyTextSchema,
  type JudgeModelSpec,
  type JudgeRunOptions,
  type VerdictMode,
} from '../schema/index.ts'

const JudgePluginOptionsSchema = JudgeRunOptionsSchema.extend({
  /**
   * The judge model(s): a model name, or an OpenAI-compatible endpoint whose key is read from the environment
   * variable `apiKeyEnv` (default OPENAI_API_KEY), so that no config file holds it; the same as in a benchmark's
   * `judge.model`, which also takes a `Model`. Temperature defaults to 0.
   * @example { model: 'gpt-4o-mini' }
   */
  model: z.union([NonEmptyTextSchema, JudgeModelSpecSchema, z.array(z.union([NonEmptyTextSchema, JudgeModelSpecSchema]))]).optional(),
  /**
   * "live" calls only, "record" reuses committed verdicts and records the rest, "replay" never calls (a missing
   * verdict fails its sample). EVALSUITE_VERDICTS overrides it; Vitest's `-u` judges again and rewrites the files.
   * @default "replay" where CI is set or a judge has no credentials, else "record"
   */
  verdicts: VerdictModeSchema.optional(),
}).strict()

/**
 * The plugin's `judge` option: default judge models for every benchmark, the verdict mode and how judges run; plain
 * data that reaches the workers through `provide`, so its type is its schema's.
 */
export type JudgePluginOptions = z.input<typeof JudgePluginOptionsSchema>

/** The plugin's `judge` option checked, its models as specs; a ConfigError names every field that is wrong. */
export function parseJudgePluginOptions(judge: JudgePluginOptions): {
  models: JudgeModelSpec[]
  verdicts: VerdictMode | undefined
  run: JudgeRunOptions
} {
  const parsed = JudgePluginOptionsSchema.safeParse(judge)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `"judge.${issue.path.join('.')}" ${issue.message}`)
    throw new ConfigError(`evalsuite plugin option ${problems.join('; ')}.`)
  }
  const { model, verdicts, ...run } = parsed.data
  const models = (model === undefined ? [] : Array.isArray(model) ? model : [model]).map((m) => (typeof m === 'string' ? { model: m } : m))
  return { models, verdicts, run }
}
