import { AsyncLocalStorage } from 'node:async_hooks'
import type { CorpusAggregate } from './corpus-sample.ts'

/** The benchmarks an eval file declares, by name, each with its own aggregate (undefined when it has none). */
export type DeclaredAggregates = Map<string, CorpusAggregate | undefined>

// The eval file runs its own copy of evalsuite (the package, or the source through Vite), apart from the reporter's,
// so both find the one storage under a registered symbol. It holds nothing of its own: a collector exists only inside
// the async context of the import that asked for it, so no other code of the process, running meanwhile, records
// into it or stops declaring its suites.
const STORAGE = Symbol.for('evalsuite:declared-aggregates')

interface Holder {
  [STORAGE]?: AsyncLocalStorage<DeclaredAggregates>
}

const storage = ((globalThis as Holder)[STORAGE] ??= new AsyncLocalStorage<DeclaredAggregates>())

/**
 * Where `describeBenchmark` records a benchmark instead of declaring its suite: only within the reporter's import of
 * an eval file for its aggregates (see collectAggregates), never in a test worker.
 */
export function aggregateCollector(): DeclaredAggregates | undefined {
  return storage.getStore()
}

/** The benchmarks an eval file declares and their aggregates: `load` imports it while describeBenchmark records them. */
export async function collectAggregates(load: () => Promise<unknown>): Promise<DeclaredAggregates> {
  const declared: DeclaredAggregates = new Map()
  await storage.run(declared, load)
  return declared
}
