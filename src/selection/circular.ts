import { ConfigError } from '../errors.ts'
import { shortList, type Sample, type Shard } from '../schema/index.ts'
import { attemptKey, type PlannedSample } from './plan-samples.ts'
import { optionLetter } from '../prompt/index.ts'
import { selectShard } from './shard.ts'

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The sample with its options shifted `rotation` places, as OpenCompass's CircularEval shifts them: the option at
 * index j moves to index (j + rotation) mod n, and each target letter moves with its option. Rotation 0 is the sample
 * as written.
 */
export function rotateSample(sample: Sample, rotation: number): Sample {
  const choices = sample.choices
  if (choices === undefined || rotation === 0) return sample
  const n = choices.length
  const rotated = choices.map((_, index) => choices[(index - rotation + n) % n]!)
  const moved = (letter: string): string => optionLetter((LETTERS.indexOf(letter) + rotation) % n)
  const target =
    sample.target === undefined ? undefined : typeof sample.target === 'string' ? moved(sample.target) : sample.target.map(moved).sort()
  return { ...sample, choices: rotated, ...(target === undefined ? {} : { target }) }
}

/** A target that names options by letter only: one letter, or a list of them, each among the sample's options. */
function isLetterTarget(sample: Sample): boolean {
  const count = sample.choices?.length ?? 0
  const letters = typeof sample.target === 'string' ? [sample.target] : (sample.target ?? [])
  return (
    letters.length > 0 && letters.every((letter) => letter.length === 1 && LETTERS.indexOf(letter) >= 0 && LETTERS.indexOf(letter) < count)
  )
}

const listed = (ids: readonly string[]): string =>
  shortList(
    ids.map((id) => `"${id}"`),
    3,
  )

/**
 * The number of rotations of a circular benchmark: its samples' option count, which every sample must share (each
 * rotation is one attempt, and pass^k reads k attempts of every sample). Refuses samples without options or without
 * a target letter, and `repeats` beside circular evaluation.
 */
export function circularRotations(samples: readonly Sample[], repeats: number, where: string): number {
  if (repeats > 1)
    throw new ConfigError(
      `${where}: circular evaluation asks each question once per rotation of its options, so it takes no "repeats" (${repeats}); remove one of them.`,
    )
  const open = samples.filter((sample) => sample.choices === undefined).map((sample) => sample.id)
  if (open.length > 0)
    throw new ConfigError(
      `${where}: circular evaluation rotates the options of multiple-choice samples, and ${listed(open)} ${open.length === 1 ? 'has' : 'have'} none; remove circular, or give every sample its choices.`,
    )
  const unlettered = samples.filter((sample) => !isLetterTarget(sample)).map((sample) => sample.id)
  if (unlettered.length > 0)
    throw new ConfigError(
      `${where}: circular evaluation moves the target letter with its option, and the target of ${listed(unlettered)} is not an option letter (A, B, ...); remove circular, or give letters as targets.`,
    )
  const counts = new Map<number, string[]>()
  for (const sample of samples) counts.set(sample.choices!.length, [...(counts.get(sample.choices!.length) ?? []), sample.id])
  if (counts.size > 1) {
    const [common] = [...counts].sort((a, b) => b[1].length - a[1].length)
    const others = [...counts].filter(([count]) => count !== common![0]).flatMap(([count, ids]) => ids.map((id) => `${id} (${count})`))
    throw new ConfigError(
      `${where}: circular evaluation asks every question once per option, so every sample needs the same number of options; most have ${common![0]}, but not ${listed(others)}. Split the data by option count.`,
    )
  }
  return samples[0]?.choices?.length ?? 1
}

/**
 * This machine's shard of the selected samples, each asked once per rotation of its options: attempt i is rotation i,
 * so recordings, shards, resume and the report treat the rotations as the attempts of a repeated sample.
 */
export function planRotations(samples: readonly Sample[], shard: Shard | undefined, rotations: number): PlannedSample[] {
  const mine = shard ? selectShard(samples, (sample) => sample.id, shard) : samples
  return mine.flatMap((sample) =>
    Array.from({ length: rotations }, (_, attempt) => ({
      key: attemptKey(sample.id, attempt, rotations),
      sample: rotateSample(sample, attempt),
      attempt,
    })),
  )
}
