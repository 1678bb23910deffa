import { collectAggregates, type DeclaredAggregates } from '../metrics/index.ts'
import { type BenchmarkRecords, type FinishedModule, type MergedAggregate, moduleFile } from '../records/index.ts'
import { errorMessage } from '../errors.ts'

/**
 * Whether the benchmark's own figures must be computed here, on the reporter's samples: it has an aggregate (its
 * workers recorded figures), and its samples come from several shards, none of whose workers held them all.
 */
export function needsMergedAggregate(run: BenchmarkRecords): boolean {
  return run.meta.corpus !== undefined && (run.shards?.merged.length ?? 1) > 1
}

/** Why an eval file could not be imported outside Vitest's test workers, from what its import threw. */
export function importProblem(file: string, error: unknown): { problem: string } {
  // Vitest's own messages go on to a list of possible causes, announced by a clause ending in a colon
  const first = errorMessage(error).split('\n')[0]!
  const cause = first.replace(/\s*[^.]*:$/, '') || first
  return {
    problem: `importing "${file}" outside Vitest's test workers failed (${cause}); there describeBenchmark only records its benchmarks, and Vitest's describe, it and test cannot run, so keep those out of the top level of an eval file with an aggregate`,
  }
}

/** A run's aggregate among those its eval file declared when imported, or why it is not there. */
export function mergedAggregateOf(run: BenchmarkRecords, declared: DeclaredAggregates | { problem: string }): MergedAggregate {
  if (!(declared instanceof Map)) return declared
  // the variants of a benchmark share its aggregate, recorded under the benchmark's own name
  const name = run.meta.variant?.of ?? run.meta.name
  const aggregate = declared.get(name)
  if (aggregate !== undefined) return { aggregate }
  const names = [...declared.keys()].map((other) => `"${other}"`).join(', ') || 'none'
  const what = declared.has(name) ? `declares "${name}" without an aggregate` : `declares no benchmark "${name}" (it declares ${names})`
  return { problem: `"${run.file}", imported outside Vitest's test workers, ${what}` }
}

// by module id, for the process: Vite's module runner evaluates a file once, so a second import would record nothing
const imported = new Map<string, Promise<DeclaredAggregates | { problem: string }>>()

function importDeclared(module: FinishedModule, file: string): Promise<DeclaredAggregates | { problem: string }> {
  let found = imported.get(module.moduleId)
  if (found === undefined) {
    found = collectAggregates(() => module.project.import(module.moduleId)).catch((error: unknown) => importProblem(file, error))
    imported.set(module.moduleId, found)
  }
  return found
}

/**
 * Sets `ownAggregate` on each run that needs it (a merge of shards): imported from its eval file, through its Vitest
 * project, with describeBenchmark recording each benchmark's aggregate instead of declaring its tests, within that
 * import alone (collectAggregates). Only a merge of shards of a benchmark with its own aggregate imports a file here.
 */
export async function loadMergedAggregates(
  runs: readonly BenchmarkRecords[],
  modules: readonly FinishedModule[],
  root: string,
): Promise<void> {
  for (const run of runs) {
    if (!needsMergedAggregate(run)) continue
    const module = modules.find((candidate) => moduleFile(candidate.moduleId, root) === run.file)
    run.ownAggregate =
      module === undefined
        ? { problem: `no test module of "${run.file}" is in this run to import it from` }
        : mergedAggregateOf(run, await importDeclared(module, run.file))
  }
}
