import type { CorpusAggregate } from '../metrics/index.ts'
import {
  BenchmarkMetaSchema,
  evalsuiteMetaOf,
  PARSED_ONCE,
  parseTrajectoryText,
  type BenchmarkMeta,
  type SampleMeta,
} from '../schema/index.ts'
import type { FinishedModule, FinishedSuite, FinishedTest } from './finished-tests.ts'
import { sampleRecordOf } from './received-records.ts'
import { sampleOutcome, type SampleOutcome } from './sample-outcome.ts'

export type { SampleOutcome } from './sample-outcome.ts'

/** A benchmark's own aggregate as the reporter found it in the eval file, or why it could not. */
export type MergedAggregate = { aggregate: CorpusAggregate } | { problem: string }

/** One benchmark suite as the tests left it (all its shards, once their blob reports are merged). */
export interface BenchmarkRecords {
  meta: BenchmarkMeta
  file: string
  samples: SampleOutcome[]
  /** For sharded samples: the shard count and the shards seen. */
  shards?: { count: number; merged: number[] }
  /** For a merge of shards: the benchmark's own aggregate, loaded from its eval file, to run on the merged samples. */
  ownAggregate?: MergedAggregate
}

/** Everything in the run that decides the exit code besides the benchmarks' own gates. */
export interface RunProblems {
  /** Failed tests outside any benchmark, failed hooks, collection errors. */
  failures: string[]
}

function outcome(test: FinishedTest, meta: SampleMeta): SampleOutcome {
  const result = test.result()
  return sampleOutcome(meta, test.name, result.state, result.state === 'failed' ? (result.errors ?? []) : [])
}

// the benchmark meta of each suite, parsed once however many samples it holds
function benchmarkOf(suite: FinishedSuite, parsed: Map<FinishedSuite, BenchmarkMeta | null>): BenchmarkMeta | null {
  if (!parsed.has(suite)) {
    const result = BenchmarkMetaSchema.safeParse(evalsuiteMetaOf(suite.meta()), PARSED_ONCE)
    parsed.set(suite, result.success ? result.data : null)
  }
  return parsed.get(suite) ?? null
}

function benchmarkSuiteOf(test: FinishedTest, parsed: Map<FinishedSuite, BenchmarkMeta | null>): FinishedSuite | undefined {
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) {
    if (benchmarkOf(parent, parsed) !== null) return parent
  }
  return undefined
}

/** A benchmark run with no sample yet: a shard's run holds its shard. */
export function newRun(meta: BenchmarkMeta, file: string): BenchmarkRecords {
  return {
    meta: { ...meta },
    file,
    samples: [],
    ...(meta.shard ? { shards: { count: meta.shard.count, merged: [meta.shard.index] } } : {}),
  }
}

// another shard of the same suite (from another blob report): the shards run side by side, so the wall time is the longest
function addShard(run: BenchmarkRecords, meta: BenchmarkMeta): void {
  if (run.shards && meta.shard && !run.shards.merged.includes(meta.shard.index)) {
    run.shards.merged = [...run.shards.merged, meta.shard.index].sort((a, b) => a - b)
  }
  if (meta.durationMs !== undefined) run.meta.durationMs = Math.max(run.meta.durationMs ?? 0, meta.durationMs)
}

/** A test module's file, relative to the project root when it is inside it. */
export function moduleFile(moduleId: string, root: string): string {
  return moduleId.startsWith(`${root}/`) ? moduleId.slice(root.length + 1) : moduleId
}

/**
 * Reads the benchmarks, and every other failure, out of the finished test modules. A merged report holds one module
 * per shard for the same file; their suites share an id and are read as one benchmark.
 */
export function collectRuns(modules: readonly FinishedModule[], root: string): { runs: BenchmarkRecords[]; problems: RunProblems } {
  const runs = new Map<string, BenchmarkRecords>()
  const seenSuites = new Set<FinishedSuite>()
  const parsed = new Map<FinishedSuite, BenchmarkMeta | null>()
  const problems: RunProblems = { failures: [] }
  for (const module of modules) {
    const file = moduleFile(module.moduleId, root)
    for (const error of module.errors()) problems.failures.push(`${file}: ${error.message}`)
    for (const suite of module.children.allSuites()) {
      for (const error of suite.errors()) problems.failures.push(`${file} > ${suite.fullName}: ${error.message}`)
    }
    for (const test of module.children.allTests()) {
      const entry = evalsuiteMetaOf(test.meta())
      // a gate test judges with the same code as this reporter: its outcome is in the report already, unless it
      // failed with something other than its gate (a bug, a hook)
      if (entry?.kind === 'gate') {
        const result = test.result()
        if (result.state === 'failed' && (result.errors ?? []).some((error) => error.name !== 'GateError'))
          problems.failures.push(`${file} > ${test.fullName}: ${result.errors?.[0]?.message ?? 'failed'}`)
        continue
      }
      if (entry === undefined) {
        if (test.result().state === 'failed') problems.failures.push(`${file} > ${test.fullName}`)
        continue
      }
      // a sample whose record does not parse (a score of Infinity, say) must not drop out of the results unseen
      const sample = sampleRecordOf(entry)
      const suite = sample.success ? benchmarkSuiteOf(test, parsed) : undefined
      const read = sample.success && sample.data.trajectory !== undefined ? parseTrajectoryText(sample.data.trajectory) : undefined
      if (!sample.success || suite === undefined || (read !== undefined && 'problem' in read)) {
        const why = !sample.success
          ? sample.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
          : read !== undefined && 'problem' in read
            ? `trajectory: ${read.problem}`
            : 'outside any benchmark'
        problems.failures.push(`${file} > ${test.fullName}: invalid evalsuite record (${why})`)
        continue
      }
      const meta = benchmarkOf(suite, parsed)!
      let run = runs.get(suite.id)
      if (run === undefined) {
        run = newRun(meta, file)
        runs.set(suite.id, run)
      } else if (!seenSuites.has(suite)) addShard(run, meta)
      seenSuites.add(suite)
      const done = outcome(test, sample.data)
      if (read !== undefined) done.trajectory = read.trajectory
      run.samples.push(done)
    }
  }
  return { runs: [...runs.values()], problems }
}
