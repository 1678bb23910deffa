import type { Sample } from '../schema/index.ts'

const PLACEHOLDER = /\{\{|\}\}|\{([^{}]+)\}/g

/** The `{column}` names a prompt of OpenCompass's meta file reads. */
export function placeholders(prompt: string | undefined): string[] {
  return [...(prompt ?? '').matchAll(PLACEHOLDER)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]))
}

/** Fills `{column}` placeholders (Python's format syntax: `{{` and `}}` are literal braces). */
export function render(prompt: string, fields: Record<string, unknown>): string {
  return prompt.replace(PLACEHOLDER, (whole, name: string | undefined) => (name === undefined ? whole[0]! : text(fields[name])))
}

/**
 * The longest prompt a meta file's human_prompt may fill from one row: far past any model's context, far short of
 * V8's longest string (about 536 million characters), which a prompt repeating a placeholder could otherwise pass.
 */
export const MAX_FILLED_PROMPT_CHARS = 10_000_000

/** The length `render` would give, counted without building the text. */
export function filledLength(prompt: string, fields: Record<string, unknown>): number {
  let length = prompt.length
  for (const match of prompt.matchAll(PLACEHOLDER)) length += (match[1] === undefined ? 1 : text(fields[match[1]]).length) - match[0].length
  return length
}

/** A field's value as prompt text. */
export function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * The human prompt of a sample as it is asked, its option columns filled from the sample's `choices`: under circular
 * evaluation the options are rotated, and OpenCompass fills the prompt from the rotated record. `undefined` when the
 * prompt places no option, so the loaded input is already the whole prompt.
 */
export function renderForOptions(
  prompt: string,
  options: readonly string[],
): ((sample: Sample, fields: Record<string, unknown>) => string) | undefined {
  if (!placeholders(prompt).some((name) => options.includes(name))) return undefined
  return (sample, fields) =>
    render(prompt, {
      ...fields,
      ...Object.fromEntries(options.map((option, index) => [option, sample.choices?.[index] ?? fields[option]])),
    })
}
