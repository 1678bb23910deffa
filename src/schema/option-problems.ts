import type { z } from 'zod'

type Issue = z.core.$ZodIssue

// a value of the type one branch of a union takes (an object for earlyStop's { alpha, minSamples }) is wrong by that
// branch's own rules, so its issues say what is wrong, at their own paths, rather than the union's "Invalid input"
function issuesOf(issue: Issue, path: readonly PropertyKey[]): Issue[] {
  const at = [...path, ...issue.path]
  if (issue.code === 'invalid_union') {
    const fitting = issue.errors.filter((branch) => branch.some((inner) => inner.path.length > 0 || inner.code !== 'invalid_type'))
    if (fitting.length === 1) return fitting[0]!.flatMap((inner) => issuesOf(inner, at))
  }
  return [{ ...issue, path: at }]
}

/** What zod found wrong with options, one problem each: `option "earlyStop.alpha" must be ...`, under `path`. */
export function optionProblems(error: z.ZodError, path: readonly PropertyKey[] = []): string[] {
  return error.issues
    .flatMap((issue) => issuesOf(issue, path))
    .map((issue) => (issue.path.length === 0 ? issue.message : `option "${issue.path.map(String).join('.')}" ${issue.message}`))
}
