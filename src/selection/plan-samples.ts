import { ConfigError } from '../errors.ts'
import { sampleLabel, type Sample, type Shard } from '../schema/index.ts'
import { seededShuffle } from '../random/index.ts'
import { selectShard } from './shard.ts'

/** One test to run: a sample, and which of its repeated attempts this is. */
export interface PlannedSample {
  /** Unique within the benchmark: the sample id, with `#attempt` when samples are repeated. */
  key: string
  sample: Sample
  /** 0-based. */
  attempt: number
}

/** Which samples run and in what order. */
export interface SampleSelection {
  shuffle: boolean
  seed: number
  /** A count (an integer ≥ 1) or a fraction of the samples (0 < limit < 1). */
  limit?: number
  filter?: (sample: Sample) => boolean
}

/** How many samples a limit keeps: a count, or a fraction rounded down (but at least one sample). */
export function limitCount(total: number, limit: number | undefined): number {
  if (limit === undefined) return total
  const wanted = limit < 1 ? Math.max(1, Math.floor(total * limit)) : limit
  return Math.min(total, wanted)
}

/** The key of one attempt of a sample; a sample that runs once keeps its bare id. */
export function attemptKey(sampleId: string, attempt: number, repeats: number): string {
  return repeats > 1 ? sampleLabel(sampleId, attempt) : sampleId
}

function applyFilter(samples: readonly Sample[], filter: SampleSelection['filter'], where: string): Sample[] {
  if (filter === undefined) return [...samples]
  return samples.filter((sample) => {
    try {
      return filter(sample)
    } catch (error) {
      throw new ConfigError(`${where}: the filter threw for sample "${sample.id}": ${(error as Error).message}`, { cause: error })
    }
  })
}

/**
 * The samples to run, in order: a seeded shuffle, then the limit, then the filter. The filter runs after the limit,
 * as in EvalScope, so a limit of 100 and a filter that drops a tenth leave about 90.
 */
export function selectSamples(samples: readonly Sample[], selection: SampleSelection, where: string): Sample[] {
  const ordered = selection.shuffle ? seededShuffle(samples, selection.seed) : samples
  const limited = ordered.slice(0, limitCount(ordered.length, selection.limit))
  return applyFilter(limited, selection.filter, where)
}

/**
 * This machine's shard of the selected samples, each repeated `repeats` times with its attempts side by side. The
 * shard is taken from the whole selection, so the shards of a run add up to exactly the unsharded run; a sample's
 * attempts always share a shard.
 */
export function planAttempts(samples: readonly Sample[], shard: Shard | undefined, repeats: number): PlannedSample[] {
  const mine = shard ? selectShard(samples, (sample) => sample.id, shard) : samples
  return mine.flatMap((sample) =>
    Array.from({ length: repeats }, (_, attempt) => ({ key: attemptKey(sample.id, attempt, repeats), sample, attempt })),
  )
}
