import { ConfigError } from '../errors.ts'
import {
  costOf,
  estimateTokens,
  type ChoiceMethod,
  type ChoiceScores,
  type GenerateOptions,
  type Model,
  type ModelOutput,
} from '../model/index.ts'
import { contentText, type ChatMessage, type MediaMessage, type Usage } from '../schema/index.ts'

/** A call the cost budget does not allow: its sample is reported as not run, neither wrong nor errored. */
export class CostLimitReached extends Error {
  override readonly name = 'CostLimitReached'
}

/** A model whose spending stops before `maxCost`, and what it has spent. */
export interface CostLimitedModel {
  model: Model
  /** US dollars spent on calls that returned. */
  spentUsd(): number
}

const dollars = (value: number): string => `$${value.toFixed(4)}`

/**
 * Wraps a model so that no call starts when its estimated cost, with what is spent and what is in flight, would pass
 * `maxCost`. Until the first reply the calls go one at a time, so that estimates rest on a real reply: the input
 * tokens per character of prompt, and the mean output tokens per call. It sits below the recordings, so replayed
 * replies neither spend nor wait.
 */
export function withCostLimit(model: Model, maxCost: number, benchmark: string): CostLimitedModel {
  const price = model.price
  if (price === undefined) {
    throw new ConfigError(
      `describeBenchmark("${benchmark}"): maxCost needs the price of model "${model.name}"; give models.openai({ price: { input, output } }) in US dollars per million tokens.`,
    )
  }
  let spent = 0
  let reserved = 0
  // the calls in flight are counted, not read from `reserved`: adding and taking away different estimates leaves a
  // rounding residue (1e-19), so `reserved > 0` could hold with nothing in flight and its waiters never be woken
  let inFlight = 0
  let stopped: string | undefined
  const seen = { calls: 0, characters: 0, inputTokens: 0, outputTokens: 0 }
  let waiting: (() => void)[] = []
  const nextSettle = (): Promise<void> => new Promise((resolve) => waiting.push(resolve))
  const settle = (): void => {
    const woken = waiting
    waiting = []
    for (const wake of woken) wake()
  }
  let probe: Promise<unknown> | undefined

  const estimate = (characters: number): number => {
    const inputTokens = seen.calls === 0 ? estimateTokens(characters) : (characters * seen.inputTokens) / seen.characters
    const outputTokens = seen.calls === 0 ? 0 : seen.outputTokens / seen.calls
    return costOf(price, { inputTokens, outputTokens }) ?? 0
  }

  const spend = async <T extends { usage?: Usage; costUsd?: number }>(characters: number, call: () => Promise<T>): Promise<T> => {
    // the first call goes alone; the others wait for it (or, if it fails, for the next one to try)
    while (seen.calls === 0 && probe) await probe.catch(() => undefined)
    let cost = estimate(characters)
    while (stopped === undefined && inFlight > 0 && spent + reserved + cost > maxCost) {
      await nextSettle()
      cost = estimate(characters)
    }
    if (stopped === undefined && spent + cost > maxCost) {
      stopped = `the next call (about ${dollars(cost)}) would take the spend of "${benchmark}" past its maxCost of ${dollars(maxCost)} (${dollars(spent)} spent)`
    }
    if (stopped !== undefined) throw new CostLimitReached(`Not run: ${stopped}.`)
    reserved += cost
    inFlight++
    // a model that throws before returning its promise must still leave the count, or the waiters would never wake
    const running = new Promise<T>((resolve) => resolve(call()))
    if (seen.calls === 0) probe = running
    try {
      const output = await running
      const usage = output.usage
      spent += output.costUsd ?? costOf(price, usage) ?? cost
      if (usage === undefined) {
        stopped = `model "${model.name}" reports no token usage, so its spend cannot be held to maxCost`
      } else {
        seen.calls++
        seen.characters += Math.max(1, characters)
        seen.inputTokens += usage.inputTokens
        seen.outputTokens += usage.outputTokens
      }
      return output
    } finally {
      inFlight--
      reserved = inFlight === 0 ? 0 : reserved - cost
      // a failed first call hands the probe to the next one
      if (probe === running && seen.calls === 0) probe = undefined
      settle()
    }
  }

  // an image's tokens are not known before the call: the estimate counts its text, and the first call's usage corrects it
  const charactersOf = (messages: readonly MediaMessage[]): number =>
    messages.reduce((sum, message) => sum + contentText(message.content).length, 0)
  const scoreChoices = model.scoreChoices?.bind(model)
  const generateWithImages = model.generateWithImages?.bind(model)
  return {
    spentUsd: () => spent,
    model: {
      name: model.name,
      ...(model.identity ? { identity: model.identity } : {}),
      price,
      ...(model.hasCredentials === undefined ? {} : { hasCredentials: model.hasCredentials }),
      generate: (messages: ChatMessage[], options?: GenerateOptions): Promise<ModelOutput> =>
        spend(charactersOf(messages), () => model.generate(messages, options)),
      ...(generateWithImages && {
        generateWithImages: (messages: MediaMessage[], options?: GenerateOptions): Promise<ModelOutput> =>
          spend(charactersOf(messages), () => generateWithImages(messages, options)),
      }),
      ...(scoreChoices && {
        scoreChoices: (
          messages: ChatMessage[],
          choices: readonly string[],
          method: ChoiceMethod,
          options?: GenerateOptions,
        ): Promise<ChoiceScores> => {
          const context = charactersOf(messages)
          const characters = method === 'ppl' ? choices.reduce((sum, choice) => sum + context + choice.length, 0) : context
          return spend(characters, () => scoreChoices(messages, choices, method, options))
        },
      }),
    },
  }
}
