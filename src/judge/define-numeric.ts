import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { ModelJudgeDefinition } from './judge-definition.ts'
import { reasoningField } from './define-labels.ts'
import { nameFromCriteria, standardMaterial } from './standard-material.ts'
import { verdictInstruction } from './verdict-instruction.ts'

/** Options of `judge.numeric`. */
export interface NumericJudgeOptions {
  /** What to grade, in your words, including what the ends of the scale mean. */
  prompt: string
  min: number
  max: number
  /** The verdict's zod object; it needs a numeric "score" field. @default { reasoning: string, score: number in [min, max] } */
  schema?: z.ZodObject
  /** @default the first line of the prompt */
  name?: string
  /** The metric the grade is recorded under. @default "score" */
  metric?: string
  /** A grade that reaches it passes. @default the middle of the scale */
  passingScore?: number
}

/** Builds a judge that gives a numeric grade on a scale. */
export function defineNumeric(options: NumericJudgeOptions): ModelJudgeDefinition {
  const where = `judge.numeric(${JSON.stringify(nameFromCriteria(options.prompt ?? ''))})`
  const { min, max } = options
  if (typeof options.prompt !== 'string' || options.prompt.trim() === '') throw new ConfigError(`${where}: "prompt" must be a non-empty string.`)
  if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max) throw new ConfigError(`${where}: "min" and "max" must be numbers with min < max.`)
  if (options.schema !== undefined && !(options.schema instanceof z.ZodObject && 'score' in options.schema.shape)) {
    throw new ConfigError(`${where}: "schema" must be a zod object with a "score" field.`)
  }
  const shape: z.ZodObject = options.schema ?? z.object({ reasoning: reasoningField, score: z.number().min(min).max(max) })
  const schema = shape.refine((v: Record<string, unknown>) => typeof v.score === 'number' && v.score >= min && v.score <= max, {
    path: ['score'],
    message: `must be a number from ${min} to ${max}`,
  })
  verdictInstruction(schema, where)
  const passingScore = options.passingScore ?? (min + max) / 2
  return {
    kind: 'numeric',
    name: options.name ?? nameFromCriteria(options.prompt),
    metric: options.metric ?? 'score',
    aggregate: 'mean',
    passingScore,
    workflow: {
      cases: [{ id: 'judge', schema }],
      request: (_, context) => ({ criteria: options.prompt, material: standardMaterial(context) }),
      reduce(verdicts) {
        const verdict = verdicts.get('judge') as { score: number; reasoning?: unknown }
        const reasoning = typeof verdict.reasoning === 'string' ? { reasoning: verdict.reasoning } : {}
        return { pass: verdict.score >= passingScore, score: verdict.score, ...reasoning }
      },
    },
  }
}
