import type { BenchmarkRecords } from '../records/index.ts'

/**
 * The baseline files that benchmarks of different names would share, each with the problem to report: names that
 * differ only in case, spaces or dashes have one file name. Within one eval file such benchmarks are refused before
 * they run; from two files they run, and this keeps either from being compared with, or writing, the other's scores.
 */
export function sharedBaselineFiles(
  runs: readonly BenchmarkRecords[],
  fileOf: (run: BenchmarkRecords) => string,
  shownAs: (file: string) => string,
): Map<string, string> {
  const claims = new Map<string, Map<string, string>>()
  for (const run of runs) {
    const file = fileOf(run)
    const names = claims.get(file) ?? new Map<string, string>()
    if (!names.has(run.meta.name)) names.set(run.meta.name, run.file)
    claims.set(file, names)
  }
  const shared = new Map<string, string>()
  for (const [file, names] of claims) {
    if (names.size < 2) continue
    // in the order of their files, however the run happened to collect them
    const listed = [...names]
      .sort(([a, fileA], [b, fileB]) => (fileA === fileB ? (a < b ? -1 : 1) : fileA < fileB ? -1 : 1))
      .map(([name, evalFile]) => `"${name}" (${evalFile})`)
      .join(' and ')
    shared.set(
      file,
      `benchmarks ${listed} would share the baseline file ${shownAs(file)}, as file names ignore case and turn spaces into "-", so it is neither compared nor written. Rename one of them.`,
    )
  }
  return shared
}
