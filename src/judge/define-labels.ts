import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { ModelJudgeDefinition } from './judge-definition.ts'
import { replyReader, type ParseReply } from './reply-reader.ts'
import { definitionSite, reasoningField, singleCaseJudge } from './single-case-judge.ts'
import { standardMaterial } from './standard-material.ts'

/** Options of `judge.labels`. */
export interface LabelsJudgeOptions<L extends string> {
  /** What to judge, in your words. The output, and the question and reference when known, are given separately. */
  prompt: string
  /** The labels the judge chooses from, each with its score, e.g. `{ correct: 1, partial: 0.5, wrong: 0 }`. */
  labels: Record<L, number>
  /** The verdict's zod object; it needs a "verdict" field. @default { reasoning: string, verdict: one of the labels } */
  schema?: z.ZodObject
  /** Names the judge in annotations and reports. @default the `metric` given, else "labels judge" */
  name?: string
  /** Also record the label's score under this metric (besides pass/fail, which counts toward accuracy). */
  metric?: string
  /** A label whose score reaches it passes. @default the highest label score */
  passingScore?: number
  /**
   * Reads the label from a reply in the format your prompt asks for, or null when the reply names none (an invalid
   * reply). With it the prompt is yours alone (no JSON reply instruction is added), and `schema` is not used.
   */
  parseReply?: ParseReply<NoInfer<L>>
}

/** Builds a judge that picks one label from a fixed set; each label maps to a score. */
export function defineLabels<L extends string>(options: LabelsJudgeOptions<L>): ModelJudgeDefinition {
  const where = definitionSite('labels', options.prompt)
  const labels = Object.entries(options.labels ?? {}) as [L, number][]
  if (labels.length < 2 || labels.some(([, score]) => !Number.isFinite(score))) {
    throw new ConfigError(`${where}: "labels" must map at least two labels to finite scores, e.g. { pass: 1, fail: 0 }.`)
  }
  if (options.schema !== undefined && !(options.schema instanceof z.ZodObject && 'verdict' in options.schema.shape)) {
    throw new ConfigError(`${where}: "schema" must be a zod object with a "verdict" field.`)
  }
  if (options.schema !== undefined && options.parseReply !== undefined)
    throw new ConfigError(`${where}: give "schema" (a JSON reply) or "parseReply" (a reply in your format), not both.`)
  const names = labels.map(([label]) => label) as [L, ...L[]]
  const shape: z.ZodObject =
    options.schema ??
    z.object(options.parseReply === undefined ? { reasoning: reasoningField, verdict: z.enum(names) } : { verdict: z.enum(names) })
  const schema = shape.refine((v: Record<string, unknown>) => names.includes(v.verdict as L), {
    path: ['verdict'],
    message: `must be one of ${names.map((n) => JSON.stringify(n)).join(', ')}`,
  })
  const readReply = replyReader(options.parseReply, 'verdict', schema, where)
  const scoreOf = new Map<string, number>(labels)
  const passingScore = options.passingScore ?? Math.max(...labels.map(([, score]) => score))
  return singleCaseJudge({
    kind: 'labels',
    where,
    prompt: options.prompt,
    name: options.name ?? options.metric,
    metric: options.metric,
    aggregate: 'majority',
    passingScore,
    scale: { min: Math.min(...scoreOf.values()), max: Math.max(...scoreOf.values()) },
    judgeCase: { id: 'judge', schema, ...(readReply ? { readReply } : {}) },
    material: standardMaterial,
    // the refinement above makes the label one of the labels
    grade: (verdict) => {
      const label = String(verdict.verdict)
      return { pass: scoreOf.get(label)! >= passingScore, score: scoreOf.get(label)!, label }
    },
  })
}
