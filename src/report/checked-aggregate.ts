import { ConfigError, errorMessage } from '../errors.ts'
import type { CorpusAggregate } from '../metrics/index.ts'

/** A user's aggregate whose throws and wrong returns are reported as the benchmark's, not as a failure of ours. */
export function checkedAggregate(name: string, aggregate: CorpusAggregate): CorpusAggregate {
  return (samples) => {
    let figures: unknown
    try {
      figures = aggregate(samples)
    } catch (error) {
      throw new ConfigError(`describeBenchmark("${name}"): aggregate threw on ${samples.length} sample(s): ${errorMessage(error)}`)
    }
    if (typeof figures !== 'object' || figures === null || Array.isArray(figures)) {
      throw new ConfigError(
        `describeBenchmark("${name}"): aggregate must return metrics by name, such as { bleu: 0.31 }, received ${Array.isArray(figures) ? 'an array' : String(figures)}`,
      )
    }
    // a figure that is not a number is one the aggregate could not give on these samples
    return Object.fromEntries(Object.entries(figures).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  }
}
