import { defineLabels, type LabelsJudgeOptions } from './define-labels.ts'
import { defineNumeric, type NumericJudgeOptions } from './define-numeric.ts'
import { definePairwise, type PairwiseJudgeOptions } from './define-pairwise.ts'
import { defineSkip, defineWorkflow, type WorkflowJudgeOptions } from './define-workflow.ts'
import type { JudgeDefinition, ModelJudgeDefinition, SkipJudgeDefinition } from './judge-definition.ts'
import { ConfigError } from '../errors.ts'

/** Judge definitions for `toPassJudge` and a benchmark's `judge.definition`. */
export const judge: {
  labels<L extends string>(options: LabelsJudgeOptions<L>): ModelJudgeDefinition
  numeric(options: NumericJudgeOptions): ModelJudgeDefinition
  pairwise(options: PairwiseJudgeOptions): ModelJudgeDefinition
  workflow<V>(options: WorkflowJudgeOptions<V>): ModelJudgeDefinition
  skip(score: number | boolean, reason: string, pass?: boolean): SkipJudgeDefinition
} = {
  /**
   * One verdict from a set of labels, each mapped to a score.
   * @example judge.labels({ prompt: 'Is the reply polite?', labels: { polite: 1, rude: 0 } })
   */
  labels: defineLabels,
  /**
   * A numeric grade on a scale.
   * @example judge.numeric({ prompt: 'Rate how helpful the reply is, 1 (useless) to 5 (complete).', min: 1, max: 5 })
   */
  numeric: defineNumeric,
  /**
   * The output against another answer, asked in both orders; a verdict counts only if both orders agree.
   * @example judge.pairwise({ prompt: 'Which answer explains the refund policy more clearly?' })
   */
  pairwise: definePairwise,
  /** A judge from its parts: several cases, rubrics, staged grading. */
  workflow: defineWorkflow,
  /**
   * A rule settled the output: no judge call; the reason is shown as rule-based scoring.
   * @example output.trim() === '' ? judge.skip(0, 'empty reply') : rubric
   */
  skip: defineSkip,
}

const byCriteria = new Map<string, ModelJudgeDefinition>()

/** The definition `toPassJudge('criteria')` stands for: pass or fail against the criteria. */
function criteriaJudge(criteria: string): ModelJudgeDefinition {
  let definition = byCriteria.get(criteria)
  if (definition === undefined) {
    definition = defineLabels({ prompt: criteria, labels: { pass: 1, fail: 0 }, name: 'criteria judge' })
    byCriteria.set(criteria, definition)
  }
  return definition
}

const KINDS = new Set(['labels', 'numeric', 'pairwise', 'workflow', 'skip'])

/** Reads criteria or a definition given by the user, refusing anything else with what to give instead. */
export function toDefinition(value: unknown, where: string): JudgeDefinition {
  if (typeof value === 'string' && value.trim() !== '') return criteriaJudge(value)
  if (value !== null && typeof value === 'object' && KINDS.has((value as { kind?: unknown }).kind as string))
    return value as JudgeDefinition
  throw new ConfigError(
    `${where}: expected criteria (a non-empty string) or a definition from judge.labels/numeric/pairwise/workflow/skip, received ${JSON.stringify(value) ?? typeof value}.`,
  )
}
