import { ConfigError } from '../errors.ts'
import type { Model } from '../model/index.ts'
import type { Usage } from '../schema/index.ts'
import { askJudge, type CallEnvironment, type CallOutcome } from './ask-judge.ts'
import type { JudgeCase, JudgeContext, JudgeResult, ModelJudgeDefinition } from './judge-definition.ts'

const MAX_STAGES = 4

/** The tally of one observation's calls, for the sample's record. */
export interface CallTally {
  live: number
  stored: number
  invalid: number
  /** Invalid replies read from the verdict file (replay mode): a record mode run would ask again. */
  storedInvalid: number
  usage: Usage | undefined
  /** US dollars, over the calls whose judge has a price. */
  costUsd: number | undefined
  /** Pairwise questions asked in both orders, and how many of them agreed. */
  swaps: { asked: number; agreed: number }
  /** Verdicts missing in replay mode, described for the error message. */
  missing: string[]
  /** Each order's verdict, when they are kept (the judge measured against human labels); null: an invalid reply. */
  orders: Array<{ swapped: boolean; verdict: string | number | null }>
}

/** One judge's grade in one repeat, or why it has none. */
export type Observation = { kind: 'valid'; result: JudgeResult } | { kind: 'invalid'; reason: string }

/** An empty tally. */
export function emptyTally(): CallTally {
  return {
    live: 0,
    stored: 0,
    invalid: 0,
    storedInvalid: 0,
    usage: undefined,
    costUsd: undefined,
    swaps: { asked: 0, agreed: 0 },
    missing: [],
    orders: [],
  }
}

function count(tally: CallTally, outcome: CallOutcome): void {
  if (outcome.kind === 'missing') return void tally.missing.push(outcome.describe)
  if (outcome.stored) tally.stored++
  else tally.live++
  if (outcome.kind === 'invalid') tally.invalid++
  if (outcome.kind === 'invalid' && outcome.stored) tally.storedInvalid++
  if (outcome.usage) {
    const before = tally.usage ?? { inputTokens: 0, outputTokens: 0 }
    tally.usage = {
      inputTokens: before.inputTokens + outcome.usage.inputTokens,
      outputTokens: before.outputTokens + outcome.usage.outputTokens,
    }
  }
  if (outcome.costUsd !== undefined) tally.costUsd = (tally.costUsd ?? 0) + outcome.costUsd
}

type CaseVerdict = { verdict: unknown } | { reason: string } | 'missing'

/** Who is asked in one observation, and where its calls are counted. */
export interface ObservationRun {
  definition: ModelJudgeDefinition
  context: JudgeContext
  judge: Model
  repeat: number
  /** Ask pairwise cases in both orders. */
  swap: boolean
  env: CallEnvironment
  tally: CallTally
  /** Keep each order's verdict in the tally, as a label, an outcome or a grade. */
  keepOrders: boolean
}

// what one order's verdict says: a pairwise outcome for the output under test, else the label or the grade it gives
function decisionOf(run: ObservationRun, judgeCase: JudgeCase, verdict: unknown, swapped: boolean): string | number {
  if (judgeCase.swap) return judgeCase.swap.decision(verdict, swapped)
  const result = run.definition.workflow.reduce(new Map([[judgeCase.id, verdict]]), run.context)
  return result.label ?? result.score
}

async function askCase(run: ObservationRun, judgeCase: JudgeCase): Promise<CaseVerdict> {
  const { definition, context, judge, repeat, swap, env, tally } = run
  const request = definition.workflow.request(judgeCase, context)
  const orders = judgeCase.swap && swap ? [false, true] : [false]
  const outcomes = await Promise.all(orders.map((swapped) => askJudge({ judge, repeat, judgeCase, request, swapped }, env)))
  for (const outcome of outcomes) count(tally, outcome)
  if (outcomes.some((o) => o.kind === 'missing')) return 'missing'
  if (run.keepOrders) {
    outcomes.forEach((o, i) =>
      tally.orders.push({ swapped: orders[i]!, verdict: o.kind === 'verdict' ? decisionOf(run, judgeCase, o.verdict, orders[i]!) : null }),
    )
  }
  const invalid = outcomes.find((o) => o.kind === 'invalid')
  if (outcomes.length === 2) {
    // a pair is one verdict: if either order failed, no fallback may stand in for half of it
    if (invalid?.kind === 'invalid') return { reason: `case "${judgeCase.id}": ${invalid.reason}` }
    const [first, second] = outcomes.map((o, i) => judgeCase.swap!.decision((o as { verdict: unknown }).verdict, i === 1))
    tally.swaps.asked++
    if (first !== second) return { reason: `case "${judgeCase.id}": the two orders disagree ("${first}" as asked, "${second}" swapped)` }
    tally.swaps.agreed++
    return { verdict: (outcomes[0] as { verdict: unknown }).verdict }
  }
  const [outcome] = outcomes
  if (outcome!.kind === 'verdict') return { verdict: outcome!.verdict }
  const stand = definition.workflow.fallback?.(judgeCase, context)
  if (stand !== undefined) {
    const parsed = judgeCase.schema.safeParse(stand)
    if (!parsed.success)
      throw new ConfigError(`Judge "${definition.name}": the fallback verdict of case "${judgeCase.id}" does not match its schema.`)
    return { verdict: parsed.data }
  }
  return { reason: `case "${judgeCase.id}": ${(outcome as { reason: string }).reason}` }
}

function checkResult(definition: ModelJudgeDefinition, result: JudgeResult): JudgeResult {
  if (result === null || typeof result !== 'object' || typeof result.pass !== 'boolean' || !Number.isFinite(result.score)) {
    throw new ConfigError(
      `Judge "${definition.name}": reduce must return { pass: boolean, score: finite number, label?, reasoning? }, received ${JSON.stringify(result)}.`,
    )
  }
  return result
}

/**
 * One judge's grade in one repeat: every case of every stage asked (pairwise ones in both orders), then reduced.
 * Returns undefined when a verdict is missing in replay mode (the tally lists it).
 */
export async function observeJudge(run: ObservationRun): Promise<Observation | undefined> {
  const { definition, context } = run
  const { workflow } = definition
  const verdicts = new Map<string, unknown>()
  let cases = typeof workflow.cases === 'function' ? workflow.cases(context) : workflow.cases
  for (let stage = 1; cases.length > 0; stage++) {
    if (stage > MAX_STAGES) throw new ConfigError(`Judge "${definition.name}": expand asked for a stage past the ${MAX_STAGES}th.`)
    for (const c of cases) if (verdicts.has(c.id)) throw new ConfigError(`Judge "${definition.name}": case id "${c.id}" is used twice.`)
    const results = await Promise.all(cases.map((c) => askCase(run, c)))
    if (results.includes('missing')) return undefined
    const failed = results.find((r): r is { reason: string } => typeof r === 'object' && 'reason' in r)
    if (failed) return { kind: 'invalid', reason: failed.reason }
    cases.forEach((c, i) => verdicts.set(c.id, (results[i] as { verdict: unknown }).verdict))
    cases = workflow.expand?.(verdicts, context) ?? []
  }
  return { kind: 'valid', result: checkResult(definition, workflow.reduce(verdicts, context)) }
}
