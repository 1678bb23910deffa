import type { Dataset } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import type { Sample } from '../schema/index.ts'
import { seededIndices } from '../random/index.ts'

/** Where a benchmark's few-shot examples come from and how they are drawn. */
export interface FewShotSpec {
  /** A named split or file, e.g. `datasets.json(path, { split: 'train' })`, read with the benchmark's `toSample`. @default the benchmark's own samples */
  dataset?: Dataset | readonly Record<string, unknown>[]
  /** Examples per prompt; `describeBenchmark`'s `fewShot` overrides it. */
  count: number
  /** "first": the first examples of the pool, the same for every sample; "random": drawn per sample with the seed. @default "first" */
  pick?: 'first' | 'random'
  /** Draw only examples of the sample's own group: "subset", or a metadata field such as MMLU's "subject". @default the whole pool */
  groupBy?: string
}

/** A definition's few-shot examples as a spec: a bare count draws that many from the benchmark's own samples. */
export function fewShotSpec(given: number | FewShotSpec | undefined): FewShotSpec | undefined {
  return typeof given === 'number' ? { count: given } : given
}

/** How examples are drawn for one run. */
export interface FewShotDraw {
  count: number
  pick: 'first' | 'random'
  groupBy?: string
  seed: number
}

function groupOf(sample: Sample, groupBy: string | undefined): string | undefined {
  if (groupBy === undefined) return undefined
  const value = groupBy === 'subset' ? sample.subset : sample.metadata?.[groupBy]
  return value === undefined || value === null ? undefined : String(value)
}

function inputKey(sample: Sample): string {
  return typeof sample.input === 'string' ? sample.input : JSON.stringify(sample.input)
}

/**
 * The examples for one sample, never the sample itself: an example with the sample's id or the same input is
 * passed over (a dev split may repeat a test question), and the next one taken in its place.
 */
function drawFor(sample: Sample, candidates: readonly Sample[], draw: FewShotDraw): Sample[] {
  const own = inputKey(sample)
  const usable = (example: Sample): boolean => example.id !== sample.id && inputKey(example) !== own
  const picked: Sample[] = []
  const order = draw.pick === 'random' ? seededIndices(candidates.length, `${draw.seed}\0${sample.id}`) : candidates.keys()
  for (const index of order) {
    if (picked.length === draw.count) break
    const example = candidates[index] as Sample
    if (usable(example)) picked.push(example)
  }
  return picked
}

/**
 * Draws every sample's examples from the pool. A pool (or group) smaller than `count` fails the benchmark at
 * collection, naming the groups; a sample whose own question is in a pool of exactly `count` gets the others.
 */
export function drawFewShot(samples: readonly Sample[], pool: readonly Sample[], draw: FewShotDraw, where: string): Map<string, Sample[]> {
  const drawn = new Map<string, Sample[]>()
  if (draw.count === 0) return drawn
  const byGroup = new Map<string | undefined, Sample[]>()
  for (const example of pool) {
    const key = groupOf(example, draw.groupBy)
    const group = byGroup.get(key)
    if (group) group.push(example)
    else byGroup.set(key, [example])
  }
  const short = new Map<string, number>()
  for (const sample of samples) {
    if (drawn.has(sample.id)) continue
    const group = groupOf(sample, draw.groupBy)
    const candidates = byGroup.get(group) ?? []
    if (candidates.length < draw.count) short.set(draw.groupBy === undefined ? 'the pool' : `${draw.groupBy} "${group ?? '(none)'}"`, candidates.length)
    drawn.set(sample.id, drawFor(sample, candidates, draw))
  }
  if (short.size > 0) {
    const lacking = [...short].map(([name, size]) => `${name} offers ${size}`).join(', ')
    throw new ConfigError(`${where}: ${draw.count} few-shot examples per sample are asked for, but ${lacking}. Ask for fewer with the "fewShot" option, or give a larger few-shot dataset.`)
  }
  return drawn
}
