import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { VerdictAggregate } from '../schema/index.ts'
import type { JudgeCase, JudgeContext, JudgeResult, ModelJudgeDefinition } from './judge-definition.ts'
import { promptExcerpt } from './standard-material.ts'
import { verdictInstruction } from './verdict-instruction.ts'

/** The reasoning field every built-in verdict starts with, so the judge explains before it decides. */
export const reasoningField = z.string().describe('your grading notes, written before you decide')

/** Where a built-in definition was written, for its errors: `judge.labels("first words of the prompt")`. */
export function definitionSite(builder: string, prompt: unknown): string {
  const where = `judge.${builder}(${JSON.stringify(typeof prompt === 'string' ? promptExcerpt(prompt) : '')})`
  if (typeof prompt !== 'string' || prompt.trim() === '') throw new ConfigError(`${where}: "prompt" must be a non-empty string.`)
  return where
}

/** The parts a one-question judge (labels, numeric, pairwise) differs in. */
export interface SingleCaseJudge<V> {
  kind: 'labels' | 'numeric' | 'pairwise'
  where: string
  prompt: string
  name: string | undefined
  metric: string | undefined
  aggregate: VerdictAggregate
  passingScore: number
  scale: { min: number; max: number }
  judgeCase: JudgeCase<V>
  material: (context: JudgeContext) => Record<string, string>
  /** The grade a verdict stands for; its reasoning is copied from the verdict's "reasoning" field. */
  grade: (verdict: V) => Omit<JudgeResult, 'reasoning'>
}

/** Builds a judge that asks one question, checking its verdict schema can be written as a reply instruction. */
export function singleCaseJudge<V>(parts: SingleCaseJudge<V>): ModelJudgeDefinition {
  verdictInstruction(parts.judgeCase.schema, parts.where)
  return {
    kind: parts.kind,
    // annotations and reports name the judge: a prompt's first words would read as a name, cut mid-word when long
    name: parts.name ?? `${parts.kind} judge`,
    ...(parts.metric === undefined ? {} : { metric: parts.metric }),
    aggregate: parts.aggregate,
    passingScore: parts.passingScore,
    scale: parts.scale,
    workflow: {
      cases: [parts.judgeCase as JudgeCase<unknown>],
      request: (_, context) => ({ criteria: parts.prompt, material: parts.material(context) }),
      reduce(verdicts) {
        const verdict = verdicts.get(parts.judgeCase.id) as V & { reasoning?: unknown }
        const reasoning = typeof verdict.reasoning === 'string' ? { reasoning: verdict.reasoning } : {}
        return { ...parts.grade(verdict), ...reasoning }
      },
    },
  }
}
