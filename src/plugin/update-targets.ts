import { ConfigError } from '../errors.ts'

/** What `vitest run -u` can refresh: judge verdicts, committed baselines, recorded model replies. */
export const UPDATE_TARGETS = ['verdicts', 'baselines', 'recordings'] as const

/** One thing `-u` can refresh. */
export type UpdateTarget = (typeof UPDATE_TARGETS)[number]

/** The environment variable that chooses what `-u` refreshes. */
export const UPDATE_VARIABLE = 'EVALSUITE_UPDATE'

// `-u` alone refreshes what it always did: re-recording every reply calls the model under test, so it is asked for by name
const DEFAULT_TARGETS: readonly UpdateTarget[] = ['verdicts', 'baselines']

/**
 * What `-u` refreshes in this run: EVALSUITE_UPDATE's comma-separated list, or verdicts and baselines when it is
 * unset or empty. Without `-u` nothing is refreshed, whatever it says.
 */
export function updateTargets(update: boolean): ReadonlySet<UpdateTarget> {
  if (!update) return new Set()
  const text = process.env[UPDATE_VARIABLE]?.trim()
  if (!text) return new Set(DEFAULT_TARGETS)
  const named = text.split(',').map((name) => name.trim())
  const unknown = named.filter((name) => !(UPDATE_TARGETS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new ConfigError(
      `${UPDATE_VARIABLE} names what -u refreshes, a comma-separated list of ${UPDATE_TARGETS.join(', ')}; received "${unknown.join('", "')}".`,
    )
  }
  return new Set(named as UpdateTarget[])
}

/**
 * Vitest's snapshot update mode as the baselines see it: "all" under `-u` only when `-u` refreshes them; a `-u` that
 * leaves them alone neither writes a baseline nor fails one that is missing ("new").
 */
export function baselineUpdateMode(mode: string): string {
  return mode === 'all' && !updateTargets(true).has('baselines') ? 'new' : mode
}
