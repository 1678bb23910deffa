import { ConfigError } from '../errors.ts'
import type { GateSettings, Compare, VariantMeta } from '../schema/index.ts'
import type { BenchmarkOverrides, Scorer } from './benchmark-options.ts'
import type { Benchmark } from './define-benchmark.ts'
import type { BenchmarkOptions } from './inline-options.ts'
import { type ResolvedBenchmark, resolveDefined, resolveNamed } from './resolve-benchmark.ts'
import { chooseVariants, type VariantChoice } from './variant-options.ts'

/** A benchmark as declared: one resolved benchmark, or one per variant with how they are compared. */
export interface VariantGroup {
  name: string
  /** In the order the alternatives were written; one, without `variant`, for a benchmark without variants. */
  benchmarks: ResolvedBenchmark[]
  /** Set for a benchmark with variants. */
  compare?: Compare
}

function resolveOne(
  first: string | Benchmark,
  options: BenchmarkOptions | BenchmarkOverrides,
  scorer: Scorer | undefined,
  location: string | undefined,
  gates: GateSettings | undefined,
): ResolvedBenchmark {
  return typeof first === 'string'
    ? resolveNamed(first, options as BenchmarkOptions, scorer, location, gates)
    : resolveDefined(first, options, scorer, location, gates)
}

// a defined benchmark takes its prompt from its definition, so a varied prompt replaces the definition's
function resolveChoice(
  first: string | Benchmark,
  name: string,
  options: BenchmarkOptions | BenchmarkOverrides,
  choice: VariantChoice,
  scorer: Scorer | undefined,
  location: string | undefined,
  gates: GateSettings | undefined,
): ResolvedBenchmark {
  const { prompt, ...run } = choice.options
  if (typeof first === 'string') return resolveNamed(name, { ...(options as BenchmarkOptions), ...choice.options }, scorer, location, gates)
  const definition = prompt === undefined ? { ...first, name } : { ...first, name, prompt }
  return resolveDefined(definition, { ...options, ...run }, scorer, location, gates)
}

/**
 * The benchmarks one `describeBenchmark` call declares: with `variants`, one per combination of alternatives, named
 * `<benchmark>/<variant>` so that each has its own suite (for `-t` and the UI), recordings, verdicts and baseline.
 * `gates` are the plugin's settings, when it is in the project.
 */
export function resolveVariants(
  first: string | Benchmark,
  options: BenchmarkOptions | BenchmarkOverrides,
  scorer: Scorer | undefined,
  location: string | undefined,
  gates?: GateSettings,
): VariantGroup {
  const { variants, compare, ...rest } = options
  const name = typeof first === 'string' ? first : first.name
  const where = location === undefined ? `describeBenchmark("${name}")` : `describeBenchmark("${name}") at ${location}`
  if (variants === undefined) {
    if (compare !== undefined)
      throw new ConfigError(`${where}: option "compare" compares the variants of a benchmark; add "variants", or remove "compare".`)
    return { name, benchmarks: [resolveOne(first, rest, scorer, location, gates)] }
  }
  const chosen = chooseVariants(where, options as BenchmarkOptions & Record<string, unknown>)
  const reference = chosen.compare.against ?? chosen.choices[0]!.name
  const benchmarks = chosen.choices.map((choice) => {
    const variant: VariantMeta = { of: name, name: choice.name, values: choice.values, reference, compare: chosen.compare }
    return { ...resolveChoice(first, `${name}/${choice.name}`, rest, choice, scorer, location, gates), variant }
  })
  return { name, benchmarks, compare: chosen.compare }
}
