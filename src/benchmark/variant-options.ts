import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import type { Model } from '../model/index.ts'
import { CompareSchema, type Compare, PARSED_ONCE } from '../schema/index.ts'
import type { PromptTemplate } from '../prompt/index.ts'

/**
 * Alternatives for options of the benchmark, each named: every combination is a variant that runs the same samples.
 * The keys are the options they replace.
 * @example
 * {
 *   model: { mini: models.openai({ model: 'gpt-4o-mini' }), large: models.openai({ model: 'gpt-4o' }) },
 *   prompt: { terse: '{input}', stepwise: 'Think step by step. {input}' },
 * }
 */
export interface Variants {
  /** Models under test, by name. */
  model?: Record<string, Model>
  /** User messages, by name. */
  prompt?: Record<string, PromptTemplate>
  /** System messages, by name. */
  system?: Record<string, string>
}

/** What the variants are compared against, and the gate on how much worse a variant may be. */
export type CompareOptions = z.input<typeof CompareSchema>

/** The options of a benchmark run in several variants. */
export interface VariantOptions {
  /** Runs the benchmark once per combination of these alternatives, and reports them side by side in one matrix. */
  variants?: Variants
  /**
   * The reference variant (`against`, e.g. "mini/terse"; default: the first) and a gate: fails when a variant is worse
   * than it by more than `maxDrop`, in the metric's own units, and a paired test finds it significant at `alpha` after
   * Holm's correction for the number of comparisons.
   * @default alpha 0.05; against: the first variant
   * @example { against: 'mini/terse', maxDrop: 0.02 }
   */
  compare?: CompareOptions
}

/** The options `variants` may vary, in the order their names make up a variant's name. */
const VARIED_OPTIONS = ['model', 'prompt', 'system'] as const

/** One combination of alternatives: its name ("mini/terse") and the alternative chosen per varied option. */
export interface VariantChoice {
  name: string
  values: Record<string, string>
  options: { model?: Model; prompt?: PromptTemplate; system?: string }
}

const AlternativesSchema = z
  .record(z.string(), z.unknown())
  .refine((alternatives) => Object.keys(alternatives).length > 0, 'needs at least one alternative')
  .refine((alternatives) => Object.keys(alternatives).every((name) => name !== '' && !name.includes('/')), {
    message: 'has a name that is empty or holds "/", which joins the names of a variant',
  })

/** What `variants` may hold: alternatives for `model`, `prompt` and `system`, each named. */
export const VariantsSchema = z
  .object({ model: AlternativesSchema.optional(), prompt: AlternativesSchema.optional(), system: AlternativesSchema.optional() })
  .strict()
  .refine((variants) => Object.keys(variants).length > 0, 'needs at least one of "model", "prompt" or "system"')

function problemsOf(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => `option "${[prefix, ...issue.path].join('.')}" ${issue.message}`)
}

/**
 * Every combination of the alternatives, in the order they were written, with `compare` checked against them: a
 * varied option may not be given outright too, and `against` must name a variant.
 */
export function chooseVariants(
  where: string,
  given: VariantOptions & Record<string, unknown>,
): { choices: VariantChoice[]; compare: Compare } {
  const parsedVariants = VariantsSchema.safeParse(given.variants, PARSED_ONCE)
  const parsedCompare = CompareSchema.safeParse(given.compare ?? {}, PARSED_ONCE)
  const problems = [
    ...(parsedVariants.success ? [] : problemsOf(parsedVariants.error, 'variants')),
    ...(parsedCompare.success ? [] : problemsOf(parsedCompare.error, 'compare')),
  ]
  const variants = given.variants ?? {}
  for (const option of VARIED_OPTIONS) {
    if (variants[option] !== undefined && given[option] !== undefined)
      problems.push(`option "${option}" is varied by "variants.${option}"; remove one of them`)
  }
  if (problems.length > 0) throw new ConfigError(`${where}: ${problems.join('; ')}.`)
  let choices: VariantChoice[] = [{ name: '', values: {}, options: {} }]
  for (const option of VARIED_OPTIONS) {
    const alternatives = Object.entries(variants[option] ?? {})
    if (alternatives.length === 0) continue
    choices = choices.flatMap((choice) =>
      alternatives.map(([name, value]) => ({
        name: choice.name === '' ? name : `${choice.name}/${name}`,
        values: { ...choice.values, [option]: name },
        options: { ...choice.options, [option]: value },
      })),
    )
  }
  const compare = parsedCompare.data!
  if (compare.against !== undefined && !choices.some((choice) => choice.name === compare.against)) {
    throw new ConfigError(
      `${where}: option "compare.against" names "${compare.against}", which is not a variant; the variants are ${choices.map((c) => `"${c.name}"`).join(', ')}.`,
    )
  }
  return { choices, compare }
}
