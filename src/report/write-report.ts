import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ReportSchema, type Report } from '../schema/index.ts'

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'benchmark'
}

/** File names for the reports: `<benchmark>.json`, with the model added where one benchmark ran on several. */
export function reportFileNames(reports: readonly Report[]): string[] {
  const counts = new Map<string, number>()
  for (const report of reports) counts.set(report.benchmark, (counts.get(report.benchmark) ?? 0) + 1)
  return reports.map((report) =>
    (counts.get(report.benchmark) ?? 0) > 1 ? `${slug(report.benchmark)}.${slug(report.model)}.json` : `${slug(report.benchmark)}.json`,
  )
}

/** Validates and writes one report atomically (a reader never sees half a file). */
export async function writeReport(dir: string, fileName: string, report: Report): Promise<string> {
  const valid = ReportSchema.parse(report)
  await mkdir(dir, { recursive: true })
  const target = join(dir, fileName)
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(valid, null, 2)}\n`)
  await rename(temporary, target)
  return target
}
