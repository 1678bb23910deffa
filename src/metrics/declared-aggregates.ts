import type { CorpusAggregate } from './corpus-sample.ts'

/** The benchmarks an eval file declares, by name, each with its own aggregate (undefined when it has none). */
export type DeclaredAggregates = Map<string, CorpusAggregate | undefined>

// a registered symbol, on globalThis: the eval file runs its own copy of evalsuite (the package, or the source
// through Vite), apart from the reporter's
const COLLECTING = Symbol.for('evalsuite:declared-aggregates')

interface Holder {
  [COLLECTING]?: DeclaredAggregates
}

/**
 * Where `describeBenchmark` records a benchmark instead of declaring its suite: set only while the reporter imports an
 * eval file for its aggregates (see collectAggregates), never in a test worker.
 */
export function aggregateCollector(): DeclaredAggregates | undefined {
  return (globalThis as Holder)[COLLECTING]
}

/** The benchmarks an eval file declares and their aggregates: `load` imports it while describeBenchmark records them. */
export async function collectAggregates(load: () => Promise<unknown>): Promise<DeclaredAggregates> {
  const holder = globalThis as Holder
  const declared: DeclaredAggregates = new Map()
  holder[COLLECTING] = declared
  try {
    await load()
  } finally {
    delete holder[COLLECTING]
  }
  return declared
}
