import { ConfigError } from '../errors.ts'
import { evalsuiteMetaOf, fileSlug } from '../schema/index.ts'

/** A file's suites and tests as the runner declared them, each with its meta. */
export interface FileTask {
  readonly meta: object
  readonly tasks?: readonly FileTask[]
}

// the benchmarks of a file, inside whatever describe blocks hold them (a benchmark's own tasks are its samples)
function benchmarkNames(task: FileTask): string[] {
  const own = evalsuiteMetaOf(task.meta)
  return own?.kind === 'benchmark' ? [own.name] : (task.tasks ?? []).flatMap(benchmarkNames)
}

/**
 * Refuses a benchmark, once its eval file is collected and before any of its samples runs, when another benchmark of
 * the file has another name with the same `fileSlug`: the two would overwrite each other's baseline, recordings and
 * report. `where` is the benchmark's `describeBenchmark("…") at file:line`.
 */
export function checkFileClash(where: string, name: string, file: FileTask): void {
  const slug = fileSlug(name)
  const others = [...new Set(benchmarkNames(file))].filter((other) => other !== name && fileSlug(other) === slug)
  if (others.length === 0) return
  const quoted = others.map((other) => `"${other}"`).join(', ')
  throw new ConfigError(
    `${where}: the benchmark ${quoted} in the same file would write the same files (baseline, recordings and report named "${slug}"), as file names ignore case and turn spaces into "-". Rename one of them.`,
  )
}
