import { asksCircular, loadFewShotPool, loadRecords, loadSamples, toSamples, type Dataset, type FieldMap } from '../dataset/index.ts'
import { ConfigError, DatasetError } from '../errors.ts'
import { MAX_TESTS, type MediaMessage, type Sample, thousands as count } from '../schema/index.ts'
import {
  assignSubsets,
  circularRotations,
  planAttempts,
  planRotations,
  selectSamples,
  selectSubsets,
  type PlannedSample,
} from '../selection/index.ts'
import { buildPrompt, drawFewShot, fewShotSpec } from '../prompt/index.ts'
import { checkPromptFields } from './prompt-fields.ts'
import type { ResolvedBenchmark } from './resolve-benchmark.ts'

/** A benchmark's tests, ready to declare. */
export interface PreparedSamples {
  /** The samples this run (and this shard) holds, each attempt on its own. */
  planned: PlannedSample[]
  /** Attempts per sample: `repeats`, or under circular evaluation the rotations of the options. */
  attempts: number
  /** Whether the samples run under circular evaluation (the option, or the data's own setting). */
  circular: boolean
  /** The messages sent to the model for a sample, few-shot examples included. */
  messagesOf: (sample: Sample) => MediaMessage[]
}

/**
 * The dataset's samples: with `toSample`, its raw records (file, line and all) mapped by it instead of the loader's
 * own mapping; every record is checked, and every problem reported at once.
 */
async function loadWith(
  dataset: Dataset | readonly Record<string, unknown>[],
  label: string,
  toSample: FieldMap | undefined,
): Promise<Sample[]> {
  // an inline array holds records for toSample to map, or samples; the loaders read either as records
  const source = dataset as Dataset
  if (toSample === undefined) return loadSamples(source, label)
  const images = 'imageReader' in source ? source.imageReader?.() : undefined
  const { samples, issues } = toSamples(await loadRecords(source, label), toSample, images)
  if (issues.length > 0) throw new DatasetError(issues)
  if (samples.length === 0) throw new DatasetError([{ file: label, message: 'no samples' }])
  return samples
}

// the definition's own few-shot dataset; else the examples the data comes with (an EvalScope _dev file); else the
// benchmark's own samples, each drawn for the others
async function fewShotPool(
  definition: ResolvedBenchmark['definition'],
  loaded: Sample[],
  where: string,
): Promise<{ pool: Sample[]; ownSamples: boolean }> {
  const named = fewShotSpec(definition.fewShot)?.dataset
  const separate =
    named === undefined
      ? await loadFewShotPool(definition.dataset as Dataset)
      : await loadWith(named, `few-shot dataset of "${definition.name}"`, definition.toSample)
  return separate === undefined
    ? { pool: loaded, ownSamples: true }
    : { pool: assignSubsets(separate, definition.subsets, where), ownSamples: false }
}

function checkOnly(only: readonly string[] | undefined, selected: readonly Sample[], where: string): void {
  const known = new Set(selected.map((sample) => sample.id))
  const unknown = only?.filter((id) => !known.has(id)) ?? []
  if (unknown.length > 0) throw new ConfigError(`${where}: option "only" names unknown sample ids: ${unknown.join(', ')}.`)
}

// checked before the tests are planned: planning a billion of them is what ran the worker out of memory
function checkTestCount(samples: number, attempts: number, where: string): void {
  if (samples * attempts <= MAX_TESTS) return
  throw new ConfigError(
    `${where}: ${count(samples)} samples × ${count(attempts)} attempts is ${count(samples * attempts)} tests, over the ${count(MAX_TESTS)} one run of a benchmark may hold; lower "limit" or "repeats", or run it in shards.`,
  )
}

/**
 * Loads a benchmark's data and applies its pipeline, at collection: records become samples (`toSample`), subsets are
 * assigned and chosen, then shuffle, limit, filter, shard and repeats (or the rotations of circular evaluation); each
 * sample's few-shot examples are drawn.
 */
export async function prepareSamples(resolved: ResolvedBenchmark): Promise<PreparedSamples> {
  const { definition, selection, where } = resolved
  const label = `dataset of "${definition.name}"`
  const loaded = assignSubsets(await loadWith(definition.dataset, label, definition.toSample), definition.subsets, where)
  const chosen = selectSubsets(loaded, selection.subset, definition.subsets, where)
  const selected = selectSamples(chosen, { ...selection, filter: definition.filter }, where)
  if (selected.length === 0) throw new ConfigError(`${where}: no sample is left after the subsets, limit and filter.`)
  checkOnly(resolved.run.only, selected, where)
  const circular = selection.circular || (await asksCircular(definition.dataset as Dataset))
  const attempts = circular ? circularRotations(selected, selection.repeats, where) : selection.repeats
  checkTestCount(Math.ceil(selected.length / (selection.shard?.count ?? 1)), attempts, where)
  const planned = circular ? planRotations(selected, selection.shard, attempts) : planAttempts(selected, selection.shard, attempts)

  // a task gets the sample itself: prompts and their few-shot examples are for models only
  const count = resolved.run.model === undefined ? 0 : selection.fewShot
  const source = fewShotSpec(definition.fewShot)
  const { pool, ownSamples } = count === 0 ? { pool: [], ownSamples: true } : await fewShotPool(definition, loaded, where)
  const draw = { count, pick: source?.pick ?? 'first', groupBy: source?.groupBy, seed: selection.seed, ownSamples } as const
  const samples = planned.map((entry) => entry.sample)
  const examples = drawFewShot(samples, pool, draw, where)
  if (resolved.run.model !== undefined) checkPromptFields(definition, samples, examples, where)
  const parts = { ...definition, system: resolved.run.system }
  return { planned, attempts, circular, messagesOf: (sample) => buildPrompt(parts, sample, examples.get(sample.id) ?? []) }
}
