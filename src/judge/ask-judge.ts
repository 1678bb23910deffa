import { relative } from 'node:path'
import { errorMessage, JudgeError } from '../errors.ts'
import { costOf, untilAborted, type Model, type ModelOutput } from '../model/index.ts'
import { sampleLabel, type ChatMessage, type StoredVerdict, type Usage, type VerdictMode } from '../schema/index.ts'
import type { JudgeCase, JudgeRequest } from './judge-definition.ts'
import { buildJudgePrompt, judgeInstructions } from './judge-prompt.ts'
import { parseVerdict } from './parse-verdict.ts'
import { verdictKey, type VerdictStore } from './verdict-store.ts'
import { verdictInstruction } from './verdict-instruction.ts'

/** Where one judge call runs: the verdict file and mode, the pool, and what aborts it. */
export interface CallEnvironment {
  sampleId: string
  /** The attempt of a sample its benchmark repeats; undefined for a sample run once, whose keys stay as they were. */
  attempt?: number
  /** Undefined in live mode: nothing is read or written. */
  store: VerdictStore | undefined
  mode: VerdictMode
  /** Judge again even where a verdict is stored (Vitest's `-u`). */
  update: boolean
  timeoutMs: number
  limit: <T>(work: () => Promise<T>) => Promise<T>
  signal: AbortSignal
}

/** One question to one judge: which judge, which repeat, which case, and in which order. */
export interface CallPlan {
  judge: Model
  repeat: number
  judgeCase: JudgeCase
  request: JudgeRequest
  swapped: boolean
}

/** What one judge call gave: a verdict, an invalid reply, or (in replay mode) no stored verdict. */
export type CallOutcome =
  | ({ kind: 'verdict'; verdict: unknown; stored: boolean } & CallSpend)
  | ({ kind: 'invalid'; reason: string; stored: boolean } & CallSpend)
  | { kind: 'missing'; key: string; describe: string }

/** What a live call spent: its tokens, and their cost at the judge's price (a stored verdict spends nothing). */
export interface CallSpend {
  usage?: Usage
  costUsd?: number
}

const KEPT_REPLY = 4000

function materialOf(plan: CallPlan): { original: Array<[string, string]>; shown: Array<[string, string]> } {
  const original = Object.entries(plan.request.material)
  const swap = plan.judgeCase.swap
  if (!plan.swapped || swap === undefined) return { original, shown: original }
  const [a, b] = swap.entries
  const [first, second] = [plan.request.material[a], plan.request.material[b]]
  if (first === undefined || second === undefined) {
    throw new JudgeError(`Judge case "${plan.judgeCase.id}": the material has no "${first === undefined ? a : b}" to swap.`)
  }
  const shown = original.map(([name, text]): [string, string] => [name, name === a ? second : name === b ? first : text])
  return { original, shown }
}

function fromStore(line: StoredVerdict, judgeCase: JudgeCase, store: VerdictStore): CallOutcome {
  const where = `stored in ${relative(process.cwd(), store.file)}, key ${line.key}`
  if (line.invalid) return { kind: 'invalid', reason: `${line.invalid.reason} (the reply ${where})`, stored: true }
  const parsed = judgeCase.schema.safeParse(line.verdict)
  if (parsed.success) return { kind: 'verdict', verdict: parsed.data, stored: true }
  return { kind: 'invalid', reason: `the verdict ${where} no longer matches its schema`, stored: true }
}

async function call(plan: CallPlan, messages: ChatMessage[], env: CallEnvironment): Promise<ModelOutput> {
  const timeout = AbortSignal.timeout(env.timeoutMs)
  const signal = AbortSignal.any([env.signal, timeout])
  try {
    return await env.limit(() => untilAborted(plan.judge.generate(messages, { signal }), signal))
  } catch (error) {
    if (env.signal.aborted) throw env.signal.reason
    const where = `sample "${sampleLabel(env.sampleId, env.attempt)}", case "${plan.judgeCase.id}"`
    if (timeout.aborted) throw new JudgeError(`Judge "${plan.judge.name}" did not answer within ${env.timeoutMs} ms (${where}).`)
    const message = errorMessage(error)
    throw new JudgeError(`Judge "${plan.judge.name}" failed (${where}): ${message}`)
  }
}

/**
 * Asks one judge one question, or reads its stored verdict. A reply that is not a valid verdict is stored for review
 * but is no verdict: replay mode reads it as invalid, any other mode asks again. A failed call throws a JudgeError,
 * so its sample is errored.
 */
export async function askJudge(plan: CallPlan, env: CallEnvironment): Promise<CallOutcome> {
  const { judge, judgeCase } = plan
  const { readReply } = judgeCase
  const instructions = judgeInstructions(
    plan.request.criteria,
    readReply ? undefined : verdictInstruction(judgeCase.schema, `judge case "${judgeCase.id}"`),
  )
  const { original, shown } = materialOf(plan)
  const identity = judge.identity ?? { provider: 'function', model: judge.name, params: {} }
  const attempt = env.attempt === undefined ? {} : { attempt: env.attempt }
  const key = verdictKey({
    judge: identity,
    instructions,
    caseId: judgeCase.id,
    sampleId: env.sampleId,
    ...attempt,
    material: original,
    repeat: plan.repeat,
    swapped: plan.swapped,
  })
  const stored = env.store && !env.update ? env.store.get(key) : undefined
  const replayed = stored ? fromStore(stored, judgeCase, env.store!) : undefined
  if (replayed && (replayed.kind === 'verdict' || env.mode === 'replay')) {
    env.store!.touch(key)
    return replayed
  }
  if (env.mode === 'replay') {
    const order = plan.swapped ? ', swapped order' : ''
    const repeat = plan.repeat > 0 ? `, repeat ${plan.repeat + 1}` : ''
    return { kind: 'missing', key, describe: `judge "${judge.name}", case "${judgeCase.id}"${repeat}${order} (key ${key})` }
  }
  const reply = await call(plan, buildJudgePrompt(instructions, shown, readReply === undefined).messages, env)
  const parsed = readReply ? readReply(reply.text) : parseVerdict(reply.text, judgeCase.schema)
  // a model of the user's own may know its price without pricing its replies
  const costUsd = reply.costUsd ?? costOf(judge.price, reply.usage)
  const usage = reply.usage ? { usage: reply.usage } : {}
  const spend: CallSpend = { ...usage, ...(costUsd === undefined ? {} : { costUsd }) }
  if (env.store) {
    env.store.put({
      sample: env.sampleId,
      ...attempt,
      case: judgeCase.id,
      judge: judge.name,
      ...(plan.repeat > 0 ? { repeat: plan.repeat } : {}),
      ...(plan.swapped ? { swapped: true as const } : {}),
      ...(parsed.valid
        ? { verdict: parsed.verdict as Record<string, unknown> }
        : { invalid: { reason: parsed.reason, reply: reply.text.slice(0, KEPT_REPLY) } }),
      ...usage,
      key,
    })
    env.store.touch(key)
  }
  return parsed.valid
    ? { kind: 'verdict', verdict: parsed.verdict, stored: false, ...spend }
    : { kind: 'invalid', reason: parsed.reason, stored: false, ...spend }
}
