import type { z } from 'zod'
import type { Sample, VerdictAggregate } from '../schema/index.ts'
import type { ParsedVerdict } from './parse-verdict.ts'

/** What a judge grades: the output, and what is known about the task it answers. */
export interface JudgeContext {
  /** The output being judged. */
  readonly output: string
  /** The question or task the output answers, as text. */
  readonly input?: string
  /** The reference answer, or several acceptable ones. */
  readonly reference?: string | readonly string[]
  /** The benchmark sample, when judged inside a benchmark. */
  readonly sample?: Sample
}

/** Pairwise cases are asked twice, with two material entries trading places; the verdict counts if both agree. */
export interface PairwiseSwap<V> {
  /** The two material entries that trade places in the second asking. */
  readonly entries: readonly [string, string]
  /** The decision a verdict stands for, in the original order; `swapped` says whether the entries had traded places. */
  decision(verdict: V, swapped: boolean): string
}

/** One question put to the judge: its verdict's shape, and for pairwise questions, how the order is swapped. */
export interface JudgeCase<V = unknown> {
  /** Unique within a definition; part of the verdict's key. */
  readonly id: string
  /** The verdict's zod schema; the reply instruction is generated from it. */
  readonly schema: z.ZodType<V>
  readonly swap?: PairwiseSwap<V>
  /** What `request` needs to ask this case, e.g. the claim to check. */
  readonly data?: unknown
  /**
   * Reads the reply in a format the criteria set: the prompt then carries no reply instruction, and the reply is not
   * read as JSON. @default the strict JSON reading of `schema`
   */
  readonly readReply?: (reply: string) => ParsedVerdict<V>
}

/**
 * What the judge is asked: criteria in your words, and the material it reads as data. The material (the output,
 * a question, a reference) is placed between random delimiters; never copy it into the criteria.
 */
export interface JudgeRequest {
  criteria: string
  /** Named texts, shown in this order; names are letters, digits, "_" and "-". */
  material: Record<string, string>
}

/** A judge's grade of one output. */
export interface JudgeResult {
  pass: boolean
  score: number
  label?: string
  reasoning?: string
}

/** The parts of a judge, as `judge.workflow` takes them; labels, numeric and pairwise judges are built from these. */
export interface JudgeWorkflow<V = unknown> {
  /** The first questions; more may follow from `expand`. */
  cases: readonly JudgeCase<V>[] | ((context: JudgeContext) => readonly JudgeCase<V>[])
  /** What the judge is asked for one case. */
  request: (judgeCase: JudgeCase<V>, context: JudgeContext) => JudgeRequest
  /** The grade, from the verdict of every case asked (keyed by case id). */
  reduce: (verdicts: ReadonlyMap<string, V>, context: JudgeContext) => JudgeResult
  /** Further questions after seeing the verdicts so far (staged grading); none ends it. At most 4 stages. */
  expand?: (verdicts: ReadonlyMap<string, V>, context: JudgeContext) => readonly JudgeCase<V>[]
  /** A verdict to use when the judge's reply to a case was invalid; undefined leaves the case without one. */
  fallback?: (judgeCase: JudgeCase<V>, context: JudgeContext) => V | undefined
  /** Adjusts the grade once every repeat and judge is combined. */
  finalize?: (result: JudgeResult, context: JudgeContext) => JudgeResult
}

interface DefinitionBase {
  /** Shown in annotations and reports. */
  readonly name: string
}

/** A judge that asks a model: built by `judge.labels`, `judge.numeric`, `judge.pairwise` or `judge.workflow`. */
export interface ModelJudgeDefinition extends DefinitionBase {
  readonly kind: 'labels' | 'numeric' | 'pairwise' | 'workflow'
  /** The metric the grade's score is recorded under, besides the pass/fail that counts toward accuracy. */
  readonly metric?: string
  /** How repeats and several judges are combined unless the settings say otherwise. */
  readonly aggregate: VerdictAggregate
  /** A combined score at or above it passes (for mean aggregation). */
  readonly passingScore: number
  /**
   * The lowest and highest score a grade can have: the report keeps the metric's interval inside them. A workflow's
   * is unknown (declare its metric's range in the catalog).
   */
  readonly scale?: { readonly min: number; readonly max: number }
  // verdicts are checked against each case's own schema at run time, so the verdict type is erased here
  readonly workflow: JudgeWorkflow<unknown>
}

/** A rule settled the output: no judge is asked, and the reason is kept as rule-based scoring. */
export interface SkipJudgeDefinition extends DefinitionBase {
  readonly kind: 'skip'
  readonly score: number
  readonly pass: boolean
  readonly reason: string
}

/** A judge definition, to pass to `toPassJudge` or a benchmark's `judge.definition`. */
export type JudgeDefinition = ModelJudgeDefinition | SkipJudgeDefinition
