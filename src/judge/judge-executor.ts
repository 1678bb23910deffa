import { relative } from 'node:path'
import pLimit from 'p-limit'
import { ConfigError, JudgeError } from '../errors.ts'
import { recordSampleCommand, type Model } from '../model/index.ts'
import { sampleLabel, type JudgeRecord, type VerdictAggregate, type VerdictMode } from '../schema/index.ts'
import type { CallEnvironment } from './ask-judge.ts'
import { combineVerdicts, type CombinedVerdict } from './combine-verdicts.ts'
import type { JudgeContext, JudgeDefinition, ModelJudgeDefinition } from './judge-definition.ts'
import { emptyTally, observeJudge, type CallTally, type Observation } from './observe-judge.ts'
import { markJudgedLive, verdictFileOf, verdictStoreFor } from './verdict-store.ts'

/** How the executor runs judges, with every default applied. */
export interface JudgeSettings {
  models: readonly Model[]
  mode: VerdictMode
  /** Judge again even where a verdict is stored, and rewrite the verdict file (Vitest's `-u`). */
  update: boolean
  repeats: number
  /** Undefined: the definition's own (majority for labels and pairwise, mean for numeric). */
  aggregate?: VerdictAggregate
  /** Undefined: a majority of the judges. */
  quorum?: number
  swap: boolean
  concurrency: number
  timeoutMs: number
}

/** The sample a judgement is for. */
export interface JudgeCall {
  /** Part of the verdict's key: stable across runs. */
  sampleId: string
  /** Which attempt of a repeated sample this is; part of the verdict's key. Undefined when the sample runs once. */
  attempt?: number
  /** The eval file; its verdicts are committed beside it. */
  file: string
  /** The command that records this sample's verdicts alone; without it, a plain test's: `-t "<its full name>"`. */
  recordCommand?: string
  /** Keep each order's verdict in the record, even where the orders disagree: the judge is measured against human labels. */
  keepOrders?: boolean
  signal?: AbortSignal
}

/** Owns every judge call: dispatch and concurrency, swaps, repeats, several judges, and the verdict file. */
export interface JudgeExecutor {
  readonly settings: JudgeSettings
  /** Grades one output; rejects with a JudgeError when a call fails or, in replay mode, a verdict is not stored. */
  judge(definition: JudgeDefinition, context: JudgeContext, call: JudgeCall): Promise<JudgeRecord>
}

// the command that records one sample's verdicts: in record mode stored verdicts are kept and the rest asked
function recordCommandOf(call: JudgeCall): string {
  return call.recordCommand ?? recordSampleCommand(call.file, undefined, sampleLabel(call.sampleId, call.attempt), 'verdicts')
}

function missingMessage(call: JudgeCall, missing: readonly string[]): string {
  const file = relative(process.cwd(), verdictFileOf(call.file))
  const sample = sampleLabel(call.sampleId, call.attempt)
  return [
    `No stored verdict for sample "${sample}" in ${file}, and replay mode calls no judge. Missing:`,
    ...missing.map((m) => `  - ${m}`),
    "Record them with the judge's credentials set (e.g. OPENAI_API_KEY) and",
    `  ${recordCommandOf(call)}`,
    'then commit the verdict file.',
  ].join('\n')
}

const KEPT_REASONING = 2000

function recordOf(definition: ModelJudgeDefinition, models: readonly Model[], tally: CallTally, combined: CombinedVerdict): JudgeRecord {
  const { result, reason } = combined
  const swaps = tally.swaps.asked === 0 ? {} : { swaps: tally.swaps.agreed / tally.swaps.asked }
  const agreement = { ...combined.agreement, ...swaps }
  // priced judges whose verdicts were all stored spent nothing, which is worth saying as $0
  const costUsd = tally.costUsd ?? (models.every((model) => model.price !== undefined) ? 0 : undefined)
  const original = tally.orders.find((order) => !order.swapped)
  const swapped = tally.orders.find((order) => order.swapped)
  // reasoning travels in every sample's meta to the reporter and the UI: a judge that writes an essay is shortened
  const reasoning =
    result?.reasoning === undefined
      ? {}
      : { reasoning: result.reasoning.length > KEPT_REASONING ? `${result.reasoning.slice(0, KEPT_REASONING)}…` : result.reasoning }
  return {
    name: definition.name,
    status: result ? 'judged' : 'invalid',
    ...(result ? { pass: result.pass, score: result.score } : {}),
    ...(result?.label === undefined ? {} : { label: result.label }),
    ...(definition.metric === undefined ? {} : { metric: definition.metric }),
    ...(definition.scale === undefined ? {} : { scale: { min: definition.scale.min, max: definition.scale.max } }),
    ...reasoning,
    ...(reason === undefined ? {} : { reason }),
    judges: models.map((model) => model.name),
    calls: { live: tally.live, stored: tally.stored, invalid: tally.invalid },
    ...(tally.usage ? { usage: tally.usage } : {}),
    ...(costUsd === undefined ? {} : { costUsd }),
    ...(Object.keys(agreement).length === 0 ? {} : { agreement }),
    ...(original === undefined ? {} : { verdicts: { original: original.verdict, ...(swapped ? { swapped: swapped.verdict } : {}) } }),
  }
}

/** Creates the executor for a benchmark (or for the plain tests of a worker). */
export function createJudgeExecutor(settings: JudgeSettings): JudgeExecutor {
  const limit = pLimit(settings.concurrency)
  const quorum = settings.quorum ?? Math.floor(settings.models.length / 2) + 1
  return {
    settings,
    async judge(definition, context, call) {
      if (definition.kind === 'skip') {
        const { name, score, pass, reason } = definition
        return { name, status: 'skipped', pass, score, reason, judges: [], calls: { live: 0, stored: 0, invalid: 0 } }
      }
      if (settings.models.length === 0) {
        throw new ConfigError(
          `Judge "${definition.name}" has no judge model: set "judge.model" on the benchmark, or the plugin's "judge" option.`,
        )
      }
      if (quorum > settings.models.length)
        throw new ConfigError(`Judge quorum ${quorum} exceeds the ${settings.models.length} judge model(s) given.`)
      if (settings.mode === 'live') markJudgedLive(call.file)
      const controller = new AbortController()
      const signal = call.signal ? AbortSignal.any([call.signal, controller.signal]) : controller.signal
      const env: CallEnvironment = {
        sampleId: call.sampleId,
        ...(call.attempt === undefined ? {} : { attempt: call.attempt }),
        store: settings.mode === 'live' ? undefined : verdictStoreFor(call.file),
        mode: settings.mode,
        update: settings.update,
        timeoutMs: settings.timeoutMs,
        limit,
        signal,
      }
      const tally = emptyTally()
      const repeats = Array.from({ length: settings.repeats }, (_, repeat) => repeat)
      let observed: Array<Array<Observation | undefined>>
      try {
        observed = await Promise.all(
          settings.models.map((judge) =>
            Promise.all(
              repeats.map((repeat) =>
                observeJudge({ definition, context, judge, repeat, swap: settings.swap, env, tally, keepOrders: call.keepOrders === true }),
              ),
            ),
          ),
        )
      } finally {
        // one failed call errs the sample; the calls still in flight for it are given up
        controller.abort(new JudgeError('another judge call of this sample failed'))
      }
      if (tally.missing.length > 0) throw new JudgeError(missingMessage(call, tally.missing))
      const combined = combineVerdicts(
        settings.models.map((judge, index) => ({
          judge: judge.name,
          observations: observed[index]!.filter((o): o is Observation => o !== undefined),
        })),
        { aggregate: settings.aggregate ?? definition.aggregate, quorum, passingScore: definition.passingScore },
      )
      const { finalize } = definition.workflow
      const result = combined.result && finalize ? finalize(combined.result, context) : combined.result
      const record = recordOf(definition, settings.models, tally, { ...combined, ...(result ? { result } : {}) })
      if (record.status !== 'invalid' || tally.storedInvalid === 0) return record
      return { ...record, reason: `${record.reason}. Replay mode keeps it; record mode asks the judge again: ${recordCommandOf(call)}` }
    },
  }
}
