import { ConfigError } from '../errors.ts'
import type { JudgeWorkflow, ModelJudgeDefinition, SkipJudgeDefinition } from './judge-definition.ts'
import type { VerdictAggregate } from '../schema/index.ts'

/** Options of `judge.workflow`: the parts of a judge, for rubrics, several claims and staged grading. */
export interface WorkflowJudgeOptions<V> extends JudgeWorkflow<V> {
  name: string
  /** The metric the grade's score is recorded under. */
  metric?: string
  /** How repeats and several judges are combined. @default "majority" */
  aggregate?: VerdictAggregate
  /** A combined score at or above it passes, for mean aggregation. @default 0.5 */
  passingScore?: number
}

/** Builds a judge from its parts. */
export function defineWorkflow<V>(options: WorkflowJudgeOptions<V>): ModelJudgeDefinition {
  const where = `judge.workflow(${JSON.stringify(options.name ?? '')})`
  if (typeof options.name !== 'string' || options.name === '') throw new ConfigError(`${where}: "name" must be a non-empty string.`)
  if (!Array.isArray(options.cases) && typeof options.cases !== 'function')
    throw new ConfigError(`${where}: "cases" must be a list of cases or a function returning one.`)
  for (const part of ['request', 'reduce'] as const) {
    if (typeof options[part] !== 'function') throw new ConfigError(`${where}: "${part}" must be a function.`)
  }
  const { name, metric, aggregate, passingScore, ...workflow } = options
  return {
    kind: 'workflow',
    name,
    ...(metric === undefined ? {} : { metric }),
    aggregate: aggregate ?? 'majority',
    passingScore: passingScore ?? 0.5,
    workflow: workflow as unknown as JudgeWorkflow<unknown>,
  }
}

/**
 * A rule settled the output: no judge is called, and the reason is shown as rule-based scoring. `true`/`false` are
 * scores 1/0; a number passes when it is 1 or more unless `pass` says otherwise.
 */
export function defineSkip(score: number | boolean, reason: string, pass?: boolean): SkipJudgeDefinition {
  if (typeof reason !== 'string' || reason.trim() === '')
    throw new ConfigError('judge.skip(score, reason): "reason" must say which rule settled the output.')
  const value = typeof score === 'boolean' ? (score ? 1 : 0) : score
  if (!Number.isFinite(value))
    throw new ConfigError(`judge.skip(score, reason): "score" must be a finite number or a boolean, received ${String(score)}.`)
  return { kind: 'skip', name: 'rule', score: value, pass: pass ?? value >= 1, reason }
}
