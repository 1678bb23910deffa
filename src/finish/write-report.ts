import { join } from 'node:path'
import { FILE_SLUG_BYTES, fileSlug, foldForFileName, hashedFileSlug, ReportSchema, type Report, PARSED_ONCE } from '../schema/index.ts'
import { keyMaskedJson, writeFileAtomic } from '../store/index.ts'

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

function distinctModels(reports: readonly Report[]): Map<string, number> {
  const models = new Map<string, Set<string>>()
  for (const report of reports) models.set(report.benchmark, (models.get(report.benchmark) ?? new Set()).add(report.model))
  return new Map([...models].map(([benchmark, names]) => [benchmark, names.size]))
}

/**
 * File names for the reports: `<benchmark>.json` (its `fileSlug`); the model is added where one benchmark ran on
 * several, and the eval file where the same benchmark and model come from several files. Names that would still be
 * alike (benchmarks whose names differ only in case, from two files) or too long get a hash of exactly what the
 * report is, so no report overwrites another.
 */
export function reportFileNames(reports: readonly Report[]): string[] {
  const modelsOf = distinctModels(reports)
  const byModel = countBy(reports, (r) => `${r.benchmark}\0${r.model}`)
  const stems = reports.map((report) => {
    const parts = [fileSlug(report.benchmark)]
    if ((modelsOf.get(report.benchmark) ?? 0) > 1) parts.push(foldForFileName(report.model))
    if ((byModel.get(`${report.benchmark}\0${report.model}`) ?? 0) > 1)
      parts.push(foldForFileName(report.file.replace(/\.[cm]?[jt]s$/, '')))
    return parts.filter((part) => part !== '').join('.')
  })
  // alike for file systems that ignore case, too
  const uses = countBy(stems, (stem) => stem.toLowerCase())
  const seen = new Map<string, number>()
  return reports.map((report, index) => {
    const stem = stems[index]!
    if (uses.get(stem.toLowerCase()) === 1 && Buffer.byteLength(stem) <= FILE_SLUG_BYTES) return `${stem}.json`
    // the same benchmark, model and file twice (two declarations alike in one file) are told apart by their order
    const identity = JSON.stringify([report.benchmark, report.model, report.file])
    const nth = seen.get(identity) ?? 0
    seen.set(identity, nth + 1)
    return `${hashedFileSlug(stem, nth === 0 ? identity : `${identity}#${nth}`)}.json`
  })
}

/**
 * Validates and writes one report atomically (a reader never sees half a file). The sample rows, one per sample of a
 * large run, are built in the schema's key order from sample records the reporter has just parsed, so they are not
 * parsed a second time; everything else is, which also puts its keys in the schema's order.
 */
export async function writeReport(dir: string, fileName: string, report: Report): Promise<string> {
  // parsed once per report: compiling the schema would cost several times the parse
  const valid = ReportSchema.parse({ ...report, samples: [] }, PARSED_ONCE)
  valid.samples = report.samples
  const target = join(dir, fileName)
  // the samples' records were masked where they were made; this is the guard for whatever reached the report otherwise
  await writeFileAtomic(target, `${keyMaskedJson(valid, 2)}\n`)
  return target
}
