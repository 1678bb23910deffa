import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import { shortList, NonEmptyTextSchema, type Sample } from '../schema/index.ts'

const NamesSchema = z.array(NonEmptyTextSchema).min(1).readonly()

/** What a definition's `subsets` may be. */
export const SubsetSpecSchema = z.union([NamesSchema, z.object({ field: NonEmptyTextSchema, names: NamesSchema.optional() }).strict()])

/**
 * A benchmark's subsets: the names listed (in display order), or the record field that holds each sample's subset,
 * optionally with its names listed. A sample's own `subset` always wins over the field.
 */
export type SubsetSpec = z.input<typeof SubsetSpecSchema>

/** The subset names a spec lists, if it lists them. */
export function listedSubsets(spec: SubsetSpec | undefined): readonly string[] | undefined {
  if (spec === undefined) return undefined
  return isNameList(spec) ? spec : spec.names
}

function isNameList(spec: SubsetSpec): spec is readonly string[] {
  return Array.isArray(spec)
}

const SHOWN = 5

function problems(where: string, found: string[]): ConfigError {
  return new ConfigError(`${where}: ${shortList(found, SHOWN, '; ')}.`)
}

/**
 * Gives each sample its subset from the spec's field (kept in the sample's metadata by the loaders) and checks that
 * every subset is one of the listed names.
 */
export function assignSubsets(samples: readonly Sample[], spec: SubsetSpec | undefined, where: string): Sample[] {
  if (spec === undefined) return [...samples]
  const field = isNameList(spec) ? undefined : spec.field
  const listed = listedSubsets(spec)
  const allowed = listed && new Set(listed)
  const found: string[] = []
  const assigned = samples.map((sample) => {
    let subset = sample.subset
    if (subset === undefined && field !== undefined) {
      const value = sample.metadata?.[field]
      if (typeof value === 'string' || typeof value === 'number') subset = String(value)
      else found.push(`sample "${sample.id}" has no field "${field}" to take its subset from`)
    }
    if (subset !== undefined && allowed && !allowed.has(subset)) {
      found.push(`sample "${sample.id}" has subset "${subset}", which is not one of the listed subsets (${listed.join(', ')})`)
    }
    return subset === sample.subset ? sample : { ...sample, subset }
  })
  if (found.length > 0) throw problems(where, found)
  return assigned
}

/** Keeps the samples of the chosen subsets; a name that is neither listed nor in the data is an error. */
export function selectSubsets(
  samples: readonly Sample[],
  chosen: readonly string[] | undefined,
  spec: SubsetSpec | undefined,
  where: string,
): Sample[] {
  if (chosen === undefined) return [...samples]
  const known = listedSubsets(spec) ?? [...new Set(samples.flatMap((sample) => sample.subset ?? []))].sort()
  const unknown = chosen.filter((name) => !known.includes(name))
  if (unknown.length > 0) {
    const names = known.length === 0 ? 'the samples have no subsets' : `the subsets are ${known.map((name) => `"${name}"`).join(', ')}`
    throw new ConfigError(`${where}: option "subset" names unknown subsets ${unknown.map((name) => `"${name}"`).join(', ')}; ${names}.`)
  }
  const wanted = new Set(chosen)
  return samples.filter((sample) => sample.subset !== undefined && wanted.has(sample.subset))
}
