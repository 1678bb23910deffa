import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { JudgeContext, ModelJudgeDefinition } from './judge-definition.ts'
import { definitionSite, reasoningField, singleCaseJudge } from './single-case-judge.ts'
import { replyReader, type ParseReply } from './reply-reader.ts'
import { referenceText } from './standard-material.ts'

/** Options of `judge.pairwise`. */
export interface PairwiseJudgeOptions {
  /** Which of two answers is better, in your words. */
  prompt: string
  /** The answer the output is compared with. @default the reference (the sample's target) */
  against?: (context: JudgeContext) => string
  /** Names the judge in annotations and reports. @default the `metric` given, else "pairwise judge" */
  name?: string
  /** The metric the outcome's score is recorded under. @default "win_rate" */
  metric?: string
  /** Scores of the output winning, tying and losing. @default { win: 1, tie: 0.5, loss: 0 } */
  scores?: { win: number; tie: number; loss: number }
  /** An outcome whose score reaches it passes. @default the tie score: the output is at least as good */
  passingScore?: number
  /**
   * Reads the winner from a reply in the format your prompt asks for: "first" (answer_1, the output when not
   * swapped), "second" or "tie", or null when the reply names none (an invalid reply). With it the prompt is yours
   * alone: no JSON reply instruction is added.
   */
  parseReply?: ParseReply<PairwiseWinner>
}

/** Which of the two answers, as the judge saw them, a pairwise verdict prefers. */
export type PairwiseWinner = 'first' | 'second' | 'tie'

const winnerField = z
  .enum(['first', 'second', 'tie'])
  .describe('"first" if answer_1 is better, "second" if answer_2 is better, "tie" if neither is')
const PairwiseVerdictSchema = z.object({ reasoning: reasoningField, winner: winnerField })
const ParsedWinnerSchema = z.object({ winner: winnerField })
type PairwiseVerdict = { reasoning?: string; winner: PairwiseWinner }

// which answer won, in terms of the output under test whatever order the judge saw
function outcome(verdict: PairwiseVerdict, swapped: boolean): 'win' | 'tie' | 'loss' {
  if (verdict.winner === 'tie') return 'tie'
  return (verdict.winner === 'first') !== swapped ? 'win' : 'loss'
}

/** Builds a judge that compares the output with another answer; it asks in both orders and counts agreeing verdicts only. */
export function definePairwise(options: PairwiseJudgeOptions): ModelJudgeDefinition {
  const where = definitionSite('pairwise', options.prompt)
  const scores = options.scores ?? { win: 1, tie: 0.5, loss: 0 }
  const passingScore = options.passingScore ?? scores.tie
  const other = (context: JudgeContext): string => {
    if (options.against) return options.against(context)
    if (context.reference === undefined)
      throw new ConfigError(`${where}: nothing to compare with; give "against", or judge samples that have a target.`)
    return referenceText(context.reference)
  }
  const readReply = replyReader(options.parseReply, 'winner', ParsedWinnerSchema, where)
  const schema: z.ZodType<PairwiseVerdict> = readReply ? ParsedWinnerSchema : PairwiseVerdictSchema
  const swap = { entries: ['answer_1', 'answer_2'] as const, decision: outcome }
  return singleCaseJudge<PairwiseVerdict>({
    kind: 'pairwise',
    where,
    prompt: options.prompt,
    name: options.name ?? options.metric,
    metric: options.metric ?? 'win_rate',
    aggregate: 'majority',
    passingScore,
    scale: { min: Math.min(scores.win, scores.tie, scores.loss), max: Math.max(scores.win, scores.tie, scores.loss) },
    judgeCase: { id: 'pairwise', schema, swap, ...(readReply ? { readReply } : {}) },
    material: (context) => ({
      ...(context.input === undefined ? {} : { question: context.input }),
      answer_1: context.output,
      answer_2: other(context),
    }),
    grade: (verdict) => {
      const label = outcome(verdict, false)
      return { pass: scores[label] >= passingScore, score: scores[label], label }
    },
  })
}
