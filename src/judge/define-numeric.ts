import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { ModelJudgeDefinition } from './judge-definition.ts'
import { replyReader, type ParseReply } from './reply-reader.ts'
import { definitionSite, reasoningField, singleCaseJudge } from './single-case-judge.ts'
import { standardMaterial } from './standard-material.ts'

/** Options of `judge.numeric`. */
export interface NumericJudgeOptions {
  /** What to grade, in your words, including what the ends of the scale mean. */
  prompt: string
  min: number
  max: number
  /** The verdict's zod object; it needs a numeric "score" field. @default { reasoning: string, score: number in [min, max] } */
  schema?: z.ZodObject
  /** Names the judge in annotations and reports. @default the `metric` given, else "numeric judge" */
  name?: string
  /** The metric the grade is recorded under. @default "score" */
  metric?: string
  /** A grade that reaches it passes. @default the middle of the scale */
  passingScore?: number
  /**
   * Reads the grade from a reply in the format your prompt asks for, or null when the reply gives none (an invalid
   * reply, as is a grade off the scale). With it the prompt is yours alone (no JSON reply instruction is added), and
   * `schema` is not used.
   */
  parseReply?: ParseReply<number>
}

/** Builds a judge that gives a numeric grade on a scale. */
export function defineNumeric(options: NumericJudgeOptions): ModelJudgeDefinition {
  const where = definitionSite('numeric', options.prompt)
  const { min, max } = options
  if (!Number.isFinite(min) || !Number.isFinite(max) || min >= max)
    throw new ConfigError(`${where}: "min" and "max" must be numbers with min < max.`)
  if (options.schema !== undefined && !(options.schema instanceof z.ZodObject && 'score' in options.schema.shape)) {
    throw new ConfigError(`${where}: "schema" must be a zod object with a "score" field.`)
  }
  if (options.schema !== undefined && options.parseReply !== undefined)
    throw new ConfigError(`${where}: give "schema" (a JSON reply) or "parseReply" (a reply in your format), not both.`)
  const score = z.number().min(min).max(max)
  const shape: z.ZodObject = options.schema ?? z.object(options.parseReply === undefined ? { reasoning: reasoningField, score } : { score })
  const schema = shape.refine((v: Record<string, unknown>) => typeof v.score === 'number' && v.score >= min && v.score <= max, {
    path: ['score'],
    message: `must be a number from ${min} to ${max}`,
  })
  const readReply = replyReader(options.parseReply, 'score', schema, where)
  const passingScore = options.passingScore ?? (min + max) / 2
  return singleCaseJudge({
    kind: 'numeric',
    where,
    prompt: options.prompt,
    name: options.name ?? options.metric,
    metric: options.metric ?? 'score',
    aggregate: 'mean',
    passingScore,
    scale: { min, max },
    judgeCase: { id: 'judge', schema, ...(readReply ? { readReply } : {}) },
    material: standardMaterial,
    // the refinement above makes the score a number on the scale
    grade: (verdict) => ({ pass: Number(verdict.score) >= passingScore, score: Number(verdict.score) }),
  })
}
