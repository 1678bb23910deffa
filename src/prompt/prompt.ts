import { ConfigError } from '../errors.ts'
import type { MediaMessage, Sample } from '../schema/index.ts'

/** A prompt: a template over the sample's fields (`{input}`, `{choices}`, `{id}`, `{subset}`, metadata fields), or a function. */
export type PromptTemplate = string | ((sample: Sample) => string | MediaMessage[])

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The letter of the option at `index`: A, B, C, ... */
export function optionLetter(index: number): string {
  return LETTERS[index] ?? '?'
}

/** The default for multiple choice: the options lettered, and a fixed, easily read answer line. */
export const DEFAULT_CHOICE_PROMPT =
  '{input}\n\n{choices}\n\nThink it through if you need to, then give your final answer on the last line as "ANSWER: X", where X is the letter of one option.'

function renderChoices(choices: readonly string[]): string {
  return choices.map((choice, index) => `${optionLetter(index)}. ${choice}`).join('\n')
}

// one field of the sample, without building them all: a template is filled once per sample
function fieldOf(sample: Sample, name: string): string | undefined {
  switch (name) {
    case 'id':
      return sample.id
    case 'input':
      if (typeof sample.input === 'string') return sample.input
      break
    case 'choices':
      if (sample.choices) return renderChoices(sample.choices)
      break
    case 'subset':
      if (sample.subset !== undefined) return sample.subset
      break
  }
  const value = sample.metadata && Object.hasOwn(sample.metadata, name) ? sample.metadata[name] : undefined
  return value === undefined || value === null || typeof value === 'object' ? undefined : String(value)
}

/** Whether a template can fill `{name}` for the sample (`fieldOf` without building the value). */
export function hasField(sample: Sample, name: string): boolean {
  switch (name) {
    case 'id':
      return true
    case 'input':
      if (typeof sample.input === 'string') return true
      break
    case 'choices':
      if (sample.choices) return true
      break
    case 'subset':
      if (sample.subset !== undefined) return true
      break
  }
  const value = sample.metadata && Object.hasOwn(sample.metadata, name) ? sample.metadata[name] : undefined
  return value !== undefined && value !== null && typeof value !== 'object'
}

/** The fields a template can fill for the sample, in the order an error lists them. */
export function fieldNames(sample: Sample): string[] {
  const names = Object.keys(sample.metadata ?? {}).filter((name) => hasField(sample, name))
  return [...new Set([...names, ...['id', 'input', 'choices', 'subset'].filter((name) => hasField(sample, name))])]
}

/** The fields a template names, in order, each once. */
export function templateFields(template: string): string[] {
  return [...new Set(partsOf(template).fields)]
}

// a template cut once into its literal texts and the fields between them (`texts` has one more part than `fields`);
// templates come from benchmark definitions, a handful per run, and each is filled once per sample
interface TemplateParts {
  texts: string[]
  fields: string[]
}

const PLACEHOLDER = /\{\{|\}\}|\{([\w.-]+)\}/g
const templateParts = new Map<string, TemplateParts>()

function partsOf(template: string): TemplateParts {
  let parts = templateParts.get(template)
  if (parts === undefined) {
    parts = { texts: [''], fields: [] }
    let last = 0
    for (const match of template.matchAll(PLACEHOLDER)) {
      const literal = template.slice(last, match.index) + (match[1] === undefined ? match[0][0] : '')
      parts.texts[parts.texts.length - 1] += literal
      if (match[1] !== undefined) {
        parts.fields.push(match[1])
        parts.texts.push('')
      }
      last = match.index + match[0].length
    }
    parts.texts[parts.texts.length - 1] += template.slice(last)
    templateParts.set(template, parts)
  }
  return parts
}

/** Fills a template, from the sample's fields and any `extra` ones; an unknown field is an error naming the fields that exist. */
export function renderTemplate(template: string, sample: Sample, benchmark: string, extra: Readonly<Record<string, string>> = {}): string {
  const { texts, fields } = partsOf(template)
  let text = texts[0]!
  for (let index = 0; index < fields.length; index++) {
    const name = fields[index]!
    const value = Object.hasOwn(extra, name) ? extra[name] : fieldOf(sample, name)
    if (value === undefined) {
      const known = new Set([...fieldNames(sample), ...Object.keys(extra)])
      throw new ConfigError(
        `Benchmark "${benchmark}": the prompt uses "{${name}}", which sample "${sample.id}" does not have. Fields: ${[...known].map((f) => `{${f}}`).join(', ')}.`,
      )
    }
    text += value + texts[index + 1]!
  }
  return text
}

/**
 * The messages sent to the model for one sample. A dataset's own system message (the sample's `system`, or a
 * conversation's first message) replaces the benchmark's, as OpenCompass and EvalScope send only the dataset's.
 */
export function buildMessages(
  sample: Sample,
  prompt: PromptTemplate | undefined,
  benchmark: string,
  benchmarkSystem?: string,
): MediaMessage[] {
  const ownSystem = typeof sample.input !== 'string' && typeof prompt !== 'function' && sample.input[0]?.role === 'system'
  const system = ownSystem ? undefined : (sample.system ?? benchmarkSystem)
  const head: MediaMessage[] = system === undefined ? [] : [{ role: 'system', content: system }]
  if (typeof prompt === 'function') {
    const built = prompt(sample)
    return typeof built === 'string' ? [...head, { role: 'user', content: built }] : [...head, ...built]
  }
  if (typeof sample.input !== 'string') {
    if (prompt !== undefined) {
      throw new ConfigError(
        `Benchmark "${benchmark}": sample "${sample.id}" is a chat conversation, which a template cannot fill; give a prompt function instead.`,
      )
    }
    return [...head, ...sample.input]
  }
  const template = prompt ?? (sample.choices ? DEFAULT_CHOICE_PROMPT : '{input}')
  head.push({ role: 'user', content: renderTemplate(template, sample, benchmark) })
  return head
}
