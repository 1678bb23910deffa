import { existsSync, readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'

/** A task of Vitest's html report, as much of it as the tests read. */
export interface HtmlTask {
  type: 'suite' | 'test'
  name: string
  mode: string
  tags?: string[]
  meta?: Record<string, unknown>
  result?: { state: string; note?: string; errors?: { message: string }[] }
  annotations?: { type: string; message: string }[]
  tasks?: HtmlTask[]
}

/** The html report's data: what the UI shows in static mode. */
export interface HtmlReport {
  config: { tags?: { name: string }[] }
  files: (HtmlTask & { filepath: string })[]
}

// the report is stored in flatted's format: a JSON array in which every object and string is referenced by its index
function parseFlatted(text: string): unknown {
  const input = JSON.parse(text) as unknown[]
  const revived = new Map<number, unknown>()
  const revive = (index: number): unknown => {
    if (revived.has(index)) return revived.get(index)
    const value = input[index]
    if (typeof value !== 'object' || value === null) {
      revived.set(index, value)
      return value
    }
    const out: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Record<string, unknown>) : {}
    revived.set(index, out)
    for (const [key, entry] of Object.entries(value)) out[key] = typeof entry === 'string' ? revive(Number(entry)) : entry
    return out
  }
  return revive(0)
}

/** Reads the html report's data file of a project: html/ in Vitest 4, .vitest/ui/ in Vitest 5. */
export function readHtmlReport(root: string): HtmlReport {
  const file = [`${root}html/html.meta.json.gz`, `${root}.vitest/ui/html.meta.json.gz`].find((candidate) => existsSync(candidate))
  if (file === undefined) throw new Error(`no html report in ${root}`)
  return parseFlatted(gunzipSync(readFileSync(file)).toString()) as HtmlReport
}

/** Every test of a report's files, depth first, with the names of its suites. */
export function htmlTests(report: HtmlReport): (HtmlTask & { path: string })[] {
  const walk = (task: HtmlTask, path: string): (HtmlTask & { path: string })[] =>
    task.type === 'test'
      ? [{ ...task, path: `${path}${task.name}` }]
      : (task.tasks ?? []).flatMap((child) => walk(child, task.type === 'suite' && 'filepath' in task ? path : `${path}${task.name} > `))
  return report.files.flatMap((file) => walk(file, ''))
}
