import type { Usage } from '../schema/index.ts'

/** A model's price in US dollars per million tokens. */
export interface Price {
  input: number
  output: number
}

// OpenAI's standard-tier list prices (platform.openai.com/docs/pricing, mid 2026); batch and cached input cost less.
// Dated snapshots ("gpt-4o-2024-08-06") take the price of their family unless listed themselves.
const OPENAI_PRICES: ReadonlyMap<string, Price> = new Map(
  Object.entries({
    'gpt-5': { input: 1.25, output: 10 },
    'gpt-5-mini': { input: 0.25, output: 2 },
    'gpt-5-nano': { input: 0.05, output: 0.4 },
    'gpt-4.1': { input: 2, output: 8 },
    'gpt-4.1-mini': { input: 0.4, output: 1.6 },
    'gpt-4.1-nano': { input: 0.1, output: 0.4 },
    'gpt-4o': { input: 2.5, output: 10 },
    'gpt-4o-mini': { input: 0.15, output: 0.6 },
    'gpt-4-turbo': { input: 10, output: 30 },
    'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
    o1: { input: 15, output: 60 },
    o3: { input: 2, output: 8 },
    'o3-mini': { input: 1.1, output: 4.4 },
    'o4-mini': { input: 1.1, output: 4.4 },
  }),
)

/** The built-in price of an OpenAI model by name (a dated snapshot takes its family's), or undefined. */
export function knownPrice(model: string): Price | undefined {
  return OPENAI_PRICES.get(model) ?? OPENAI_PRICES.get(model.replace(/-\d{4}-\d{2}-\d{2}$/, ''))
}

/** What a call with this usage cost, in US dollars; undefined without a price or usage. */
export function costOf(price: Price | undefined, usage: Usage | undefined): number | undefined {
  if (price === undefined || usage === undefined) return undefined
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1e6
}

/** A rough count of the tokens in so many characters of text (about four a token), for limits before a reply says. */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4)
}
