import type { CorpusAggregate } from '../metrics/index.ts'
import type { SampleOutcome } from '../records/index.ts'
import { evaluateBenchmark } from '../report/index.ts'
import type { BenchmarkMeta, GateSettings, Report } from '../schema/index.ts'

/** A benchmark suite's samples as its gate tests read them, and the report evaluated from them, built when first asked. */
export interface SuiteReport {
  readonly samples: readonly SampleOutcome[]
  report(): Promise<Report>
}

/** What a suite's report is built from, besides its samples. */
export interface SuiteReportSource {
  meta: BenchmarkMeta
  file: string
  settings: GateSettings
  aggregate?: CorpusAggregate | undefined
}

// by suite, for the run: every gate test of a benchmark, and each compare gate of its variants, is evaluated from one
// report, so the baseline file is read once and the benchmark's own aggregate (with its bootstrap) runs once
const reports = new WeakMap<object, SuiteReport>()

/** Forgets a suite's report as its samples start again (watch mode, the UI's rerun). */
export function forgetSuiteReport(suite: object): void {
  reports.delete(suite)
}

/** The suite's samples and report, read by the first gate that asks; `samples` reads the suite's samples. */
export function suiteReport(suite: object, samples: () => readonly SampleOutcome[], source: SuiteReportSource): SuiteReport {
  const found = reports.get(suite)
  if (found !== undefined) return found
  const read = samples()
  let built: Promise<Report> | undefined
  const made: SuiteReport = {
    samples: read,
    report: () => (built ??= evaluateBenchmark(source.meta, source.file, read, source.settings, source.aggregate)),
  }
  reports.set(suite, made)
  return made
}
