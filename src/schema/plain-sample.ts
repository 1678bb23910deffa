import type { Sample } from './sample.ts'
import { isOptionalString, isPlainObject, isString, isTarget } from './plain-values.ts'

// A worker reads and checks every sample of its benchmark before the first call: thousands of them, each through zod
// costing more than the rest of its loading, while the code is still cold. Nearly every sample of a data file is a
// text question with a text target, checked here by hand by `SampleSchema`'s rules; anything else (a conversation,
// images, an unknown key, a value in doubt) goes to zod, whose result and errors stay the reference. So this check
// may send a valid sample to zod, never pass an invalid one.

// the schema's keys, in its order: zod writes what it reads in this order
const KEYS = ['id', 'input', 'target', 'choices', 'subset', 'images', 'system', 'metadata'] as const
const KNOWN = new Set<string>(KEYS)
const MIN_CHOICES = 2
const MAX_CHOICES = 26

// a copy, as zod makes of a record it reads; the key zod skips is left to zod
function plainMetadata(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined
  const copy: Record<string, unknown> = {}
  for (const key in value) {
    if (key === '__proto__') return undefined
    copy[key] = value[key]
  }
  return copy
}

/** The sample as `SampleSchema` reads it, when it has the common plain shape and is valid; otherwise undefined. */
export function plainSample(value: unknown): Sample | undefined {
  if (!isPlainObject(value)) return undefined
  for (const key in value) if (!KNOWN.has(key)) return undefined
  const { id, input, target, choices, subset, images, system, metadata } = value
  if (!isString(id) || id === '' || !isString(input) || images !== undefined) return undefined
  if ((target !== undefined && !isTarget(target)) || !isOptionalString(subset) || !isOptionalString(system)) return undefined
  const choiceList = Array.isArray(choices) && choices.every(isString) && choices.length >= MIN_CHOICES && choices.length <= MAX_CHOICES
  if (choices !== undefined && !choiceList) return undefined
  const ownMetadata = metadata === undefined ? undefined : plainMetadata(metadata)
  if (metadata !== undefined && ownMetadata === undefined) return undefined
  // a key the value has is kept, even when undefined; one it lacks is not added; zod gives its own lists (the target's
  // and the choices', the only lists left here) and its own metadata
  const sample: Record<string, unknown> = {}
  for (const key of KEYS) {
    if (!(key in value)) continue
    const field = value[key]
    sample[key] = key === 'metadata' ? ownMetadata : Array.isArray(field) ? [...(field as unknown[])] : field
  }
  return sample as Sample
}
