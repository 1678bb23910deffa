import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { JudgeContext, ModelJudgeDefinition } from './judge-definition.ts'
import { nameFromCriteria, standardMaterial } from './standard-material.ts'
import { verdictInstruction } from './verdict-instruction.ts'

/** Options of `judge.labels`. */
export interface LabelsJudgeOptions<L extends string> {
  /** What to judge, in your words. The output, and the question and reference when known, are given separately. */
  prompt: string
  /** The labels the judge chooses from, each with its score, e.g. `{ correct: 1, partial: 0.5, wrong: 0 }`. */
  labels: Record<L, number>
  /** The verdict's zod object; it needs a "verdict" field. @default { reasoning: string, verdict: one of the labels } */
  schema?: z.ZodObject
  /** @default the first line of the prompt */
  name?: string
  /** Also record the label's score under this metric (besides pass/fail, which counts toward accuracy). */
  metric?: string
  /** A label whose score reaches it passes. @default the highest label score */
  passingScore?: number
}

/** The reasoning field every built-in verdict starts with, so the judge explains before it decides. */
export const reasoningField = z.string().describe('your grading notes, written before you decide')

/** Builds a judge that picks one label from a fixed set; each label maps to a score. */
export function defineLabels<L extends string>(options: LabelsJudgeOptions<L>): ModelJudgeDefinition {
  const where = `judge.labels(${JSON.stringify(nameFromCriteria(options.prompt ?? ''))})`
  const labels = Object.entries(options.labels ?? {}) as [L, number][]
  if (typeof options.prompt !== 'string' || options.prompt.trim() === '') throw new ConfigError(`${where}: "prompt" must be a non-empty string.`)
  if (labels.length < 2 || labels.some(([, score]) => !Number.isFinite(score))) {
    throw new ConfigError(`${where}: "labels" must map at least two labels to finite scores, e.g. { pass: 1, fail: 0 }.`)
  }
  if (options.schema !== undefined && !(options.schema instanceof z.ZodObject && 'verdict' in options.schema.shape)) {
    throw new ConfigError(`${where}: "schema" must be a zod object with a "verdict" field.`)
  }
  const names = labels.map(([label]) => label) as [L, ...L[]]
  const shape: z.ZodObject = options.schema ?? z.object({ reasoning: reasoningField, verdict: z.enum(names) })
  const schema = shape.refine((v: Record<string, unknown>) => names.includes(v.verdict as L), {
    path: ['verdict'],
    message: `must be one of ${names.map((n) => JSON.stringify(n)).join(', ')}`,
  })
  verdictInstruction(schema, where)
  const scoreOf = new Map<string, number>(labels)
  const passingScore = options.passingScore ?? Math.max(...labels.map(([, score]) => score))
  return {
    kind: 'labels',
    name: options.name ?? nameFromCriteria(options.prompt),
    ...(options.metric === undefined ? {} : { metric: options.metric }),
    aggregate: 'majority',
    passingScore,
    workflow: {
      cases: [{ id: 'judge', schema }],
      request: (_, context: JudgeContext) => ({ criteria: options.prompt, material: standardMaterial(context) }),
      reduce(verdicts) {
        const verdict = verdicts.get('judge') as { verdict: string; reasoning?: unknown }
        const score = scoreOf.get(verdict.verdict)!
        const reasoning = typeof verdict.reasoning === 'string' ? { reasoning: verdict.reasoning } : {}
        return { pass: score >= passingScore, score, label: verdict.verdict, ...reasoning }
      },
    },
  }
}
