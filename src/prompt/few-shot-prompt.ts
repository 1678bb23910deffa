import { ConfigError } from '../errors.ts'
import type { MediaMessage, Sample } from '../schema/index.ts'
import { buildMessages, renderTemplate, type PromptTemplate } from './prompt.ts'
import { withImages } from './sample-images.ts'

/** How the few-shot examples and the sample's own prompt are put together: `{examples}` and `{prompt}`, and the sample's fields. */
const DEFAULT_FEW_SHOT_TEMPLATE = '{examples}\n\n{prompt}'

/** What the prompt of a benchmark is made of. */
export interface PromptParts {
  name: string
  prompt?: PromptTemplate
  system?: string
  fewShotTemplate?: string
  toFewShot?: string | ((example: Sample) => string)
}

/** One example as text: a template over the example's fields and `{target}`, or a function. */
export type FewShotFormat = NonNullable<PromptParts['toFewShot']>

// the question (with its lettered options) and a final answer line, the form the default prompts ask for
function renderExample(example: Sample, parts: PromptParts): string {
  if (typeof parts.toFewShot === 'function') return parts.toFewShot(example)
  const template = parts.toFewShot ?? (example.choices ? '{input}\n\n{choices}\nANSWER: {target}' : '{input}\nANSWER: {target}')
  const target = typeof example.target === 'string' ? example.target : (example.target?.[0] ?? '')
  return renderTemplate(template, example, parts.name, { target })
}

/**
 * The messages for one sample: its prompt, with the few-shot examples placed into its last user message, and then
 * the sample's images.
 */
export function buildPrompt(parts: PromptParts, sample: Sample, examples: readonly Sample[]): MediaMessage[] {
  return withImages(withExamples(parts, sample, examples), sample, parts.name)
}

function withExamples(parts: PromptParts, sample: Sample, examples: readonly Sample[]): MediaMessage[] {
  const messages = buildMessages(sample, parts.prompt, parts.name, parts.system)
  if (examples.length === 0) return messages
  const last = messages.findLastIndex((message) => message.role === 'user')
  const prompt = messages[last]
  if (prompt === undefined) {
    throw new ConfigError(
      `Benchmark "${parts.name}": the prompt of sample "${sample.id}" has no user message to put the few-shot examples in.`,
    )
  }
  if (typeof prompt.content !== 'string') {
    throw new ConfigError(
      `Benchmark "${parts.name}": sample "${sample.id}" ends in a message of text and image parts, which few-shot examples cannot be placed in; set fewShot to 0 for it.`,
    )
  }
  const rendered = examples.map((example) => renderExample(example, parts))
  const content = renderTemplate(parts.fewShotTemplate ?? DEFAULT_FEW_SHOT_TEMPLATE, sample, parts.name, {
    examples: rendered.join('\n\n'),
    prompt: prompt.content,
  })
  return messages.map((message, index) => (index === last ? { ...message, content } : message))
}
