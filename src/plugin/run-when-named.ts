import type { TestProject, Vitest } from 'vitest/node'

// the folder a glob starts with, before its first wildcard: what a user types to name the files it matches
function folderOf(glob: string): string {
  const parts: string[] = []
  for (const part of glob.split('/')) {
    if (/[*?[\]{}()!]/.test(part)) break
    parts.push(part)
  }
  return parts.join('/')
}

/** The command that names the eval files of `include`, for the line that says how to run them. */
export function namingCommand(include: readonly string[]): string {
  return `npx vitest run ${include.map(folderOf).find((folder) => folder !== '') ?? '<an eval file or its folder>'}`
}

/**
 * Runs the eval project's files only in a run that names files (`vitest run evals`, a path, a pattern typed in watch
 * mode): a plain `vitest run`, a user's unit-test command, never calls a model. Vitest hands a project the command's
 * file filters only when it globs its files, after the plugin has configured it, so the project's own glob is wrapped
 * here; a run that names none finds no eval file and says, once, how to run them.
 */
export function runWhenNamed(vitest: Vitest, evals: TestProject, include: readonly string[]): void {
  const glob = evals.globTestFiles.bind(evals)
  let named = false
  let told = false
  evals.globTestFiles = async (filters = []) => {
    named = filters.length > 0
    if (named) return glob(filters)
    const { testFiles } = await glob(filters)
    if (!told && testFiles.length > 0) {
      told = true
      vitest.logger.log(
        `evalsuite: ${testFiles.length} eval file(s) left out: a run that names no files never calls a model. Run them with ${namingCommand(include)}`,
      )
    }
    return { testFiles: [], typecheckTestFiles: [] }
  }
  // in watch mode an edited file runs again without a glob: an eval file, only in a session that named files
  vitest.onFilterWatchedSpecification((specification) => specification.project !== evals || named)
}
