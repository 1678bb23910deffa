import type { Dataset } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import { shortList, type Sample } from '../schema/index.ts'
import { seededIndices } from '../random/index.ts'

/** Where a benchmark's few-shot examples come from and how they are drawn. */
export interface FewShotSpec {
  /**
   * A named split or file, e.g. `datasets.json(path, { split: 'train' })`, read with the benchmark's `toSample`.
   * @default the benchmark's own samples
   */
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
  /**
   * Whether the pool is the benchmark's own samples, where an example with the sample's id is the sample itself. The
   * ids of a separate file say nothing of that: EvalScope numbers the rows of its `_dev` and `_val` files each from 1.
   */
  ownSamples: boolean
}

function groupOf(sample: Sample, groupBy: string | undefined): string | undefined {
  if (groupBy === undefined) return undefined
  const value = groupBy === 'subset' ? sample.subset : sample.metadata?.[groupBy]
  return value === undefined || value === null ? undefined : String(value)
}

// the question as asked, whatever the order of its options (a circular rotation asks the same question)
function questionKey(sample: Sample): string {
  return JSON.stringify([sample.input, sample.choices === undefined ? null : [...sample.choices].sort()])
}

/**
 * The examples for one sample, never the sample itself: in its own pool the example with its id, and in any pool one
 * asking the same question (a dev split may repeat a test question) is passed over, and the next one taken instead.
 */
function drawFor(sample: Sample, candidates: readonly Sample[], draw: FewShotDraw): Sample[] {
  const own = questionKey(sample)
  const usable = (example: Sample): boolean => !(draw.ownSamples && example.id === sample.id) && questionKey(example) !== own
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
 * Draws every sample's examples from the pool. Every sample gets `count` examples or the benchmark fails at
 * collection, naming the groups too small and the samples left short once their own question is passed over.
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
  const lessItself: string[] = []
  for (const sample of samples) {
    if (drawn.has(sample.id)) continue
    const group = groupOf(sample, draw.groupBy)
    const candidates = byGroup.get(group) ?? []
    const name = draw.groupBy === undefined ? 'the pool' : `${draw.groupBy} "${group ?? '(none)'}"`
    const examples = drawFor(sample, candidates, draw)
    if (candidates.length < draw.count) short.set(name, candidates.length)
    else if (examples.length < draw.count) lessItself.push(`sample "${sample.id}" has ${examples.length} besides its own question`)
    drawn.set(sample.id, examples)
  }
  if (short.size > 0 || lessItself.length > 0) {
    const lacking = shortList([...[...short].map(([name, size]) => `${name} offers ${size}`), ...lessItself], 3)
    throw new ConfigError(
      `${where}: ${draw.count} few-shot examples per sample are asked for, but ${lacking}. Ask for fewer with the "fewShot" option, or give a larger few-shot dataset.`,
    )
  }
  return drawn
}
