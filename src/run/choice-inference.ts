import { ConfigError } from '../errors.ts'
import type { ChoiceMethod, Model, ModelOutput } from '../model/index.ts'
import { imageCountOf, isTextOnly, shortList, type Sample } from '../schema/index.ts'
import type { BenchmarkDefinition } from '../benchmark/index.ts'
import { buildMessages, optionLetter } from '../prompt/index.ts'

/** The default prompt of `inferMethod: 'logprobs'`: the options lettered, and a one-letter answer asked for. */
const LOGPROBS_PROMPT = '{input}\n\n{choices}\n\nAnswer with the letter of one option only.'

/** What each option's text follows in `inferMethod: 'ppl'`: the prompt (by default `{input}`), then this. */
const PPL_ANSWER_PREFIX = '\nAnswer: '

const SHOWN_IDS = 5

/** Refuses, at collection, a choice-scoring benchmark with samples that have no options to score. */
export function checkChoiceSamples(benchmark: string, method: ChoiceMethod, samples: readonly Sample[]): void {
  const without = samples.filter((sample) => sample.choices === undefined).map((sample) => `"${sample.id}"`)
  if (without.length > 0) {
    throw new ConfigError(
      `describeBenchmark("${benchmark}"): inferMethod "${method}" chooses among a sample's options, and samples ${shortList(without, SHOWN_IDS)} have no choices. Give them choices, or use inferMethod "generate".`,
    )
  }
  const withImages = samples.filter((sample) => imageCountOf(sample) > 0).map((sample) => `"${sample.id}"`)
  if (withImages.length > 0) {
    throw new ConfigError(
      `describeBenchmark("${benchmark}"): inferMethod "${method}" scores text only, and samples ${shortList(withImages, SHOWN_IDS)} hold images. Use inferMethod "generate" for them.`,
    )
  }
}

/**
 * Answers a multiple-choice sample by log-probability instead of a generated reply: the option scored likeliest
 * becomes the reply, as its letter (ties go to the first; a sample whose options all went unscored gets no answer).
 */
export async function inferChoice(
  benchmark: string,
  model: Model,
  method: ChoiceMethod,
  sample: Sample,
  options: Pick<BenchmarkDefinition, 'prompt' | 'system'>,
  call: { readonly signal: AbortSignal },
): Promise<ModelOutput> {
  const choices = sample.choices ?? []
  const scored =
    method === 'logprobs'
      ? {
          messages: buildMessages(sample, options.prompt ?? LOGPROBS_PROMPT, benchmark, options.system),
          continuations: choices.map((_, index) => optionLetter(index)),
        }
      : {
          messages: buildMessages(sample, options.prompt ?? '{input}', benchmark, options.system),
          continuations: choices.map((choice) => `${PPL_ANSWER_PREFIX}${choice}`),
        }
  // checkChoiceSamples refused samples with images at collection
  if (!isTextOnly(scored.messages))
    throw new ConfigError(
      `describeBenchmark("${benchmark}"): inferMethod "${method}" scores text only, and sample "${sample.id}" holds images.`,
    )
  const scores = await model.scoreChoices!(scored.messages, scored.continuations, method, call)
  let best: number | undefined
  scores.logprobs.forEach((logprob, index) => {
    if (logprob !== null && (best === undefined || logprob > scores.logprobs[best]!)) best = index
  })
  const { logprobs, ...rest } = scores
  return { ...rest, text: best === undefined ? '' : optionLetter(best), choiceLogprobs: logprobs }
}
