import { join } from 'node:path'
import { compiledSchema, fileSlug, ReportSchema, type Report } from '../schema/index.ts'
import { writeFileAtomic } from './write-atomic.ts'

function countBy(reports: readonly Report[], key: (report: Report) => string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const report of reports) counts.set(key(report), (counts.get(key(report)) ?? 0) + 1)
  return counts
}

function distinctModels(reports: readonly Report[]): Map<string, number> {
  const models = new Map<string, Set<string>>()
  for (const report of reports) models.set(report.benchmark, (models.get(report.benchmark) ?? new Set()).add(report.model))
  return new Map([...models].map(([benchmark, names]) => [benchmark, names.size]))
}

/**
 * File names for the reports: `<benchmark>.json`; the model is added where one benchmark ran on several, and the
 * eval file where the same benchmark and model come from several files.
 */
export function reportFileNames(reports: readonly Report[]): string[] {
  const modelsOf = distinctModels(reports)
  const byModel = countBy(reports, (r) => `${r.benchmark}\0${r.model}`)
  return reports.map((report) => {
    const parts = [fileSlug(report.benchmark)]
    if ((modelsOf.get(report.benchmark) ?? 0) > 1) parts.push(fileSlug(report.model))
    if ((byModel.get(`${report.benchmark}\0${report.model}`) ?? 0) > 1) parts.push(fileSlug(report.file.replace(/\.[cm]?[jt]s$/, '')))
    return `${parts.join('.')}.json`
  })
}

/**
 * Validates and writes one report atomically (a reader never sees half a file). The sample rows, one per sample of a
 * large run, are built in the schema's key order from sample records that were parsed on arrival, so they are not
 * parsed a second time; everything else is, which also puts its keys in the schema's order.
 */
export async function writeReport(dir: string, fileName: string, report: Report): Promise<string> {
  const valid = compiledSchema(ReportSchema).parse({ ...report, samples: [] })
  valid.samples = report.samples
  const target = join(dir, fileName)
  await writeFileAtomic(target, `${JSON.stringify(valid, null, 2)}\n`)
  return target
}
