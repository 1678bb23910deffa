/** One scored sample (or attempt) as a benchmark's `aggregate` receives it. */
export interface CorpusSample {
  /** The sample id; the attempts of a repeated sample share it, and a bootstrap resample may hold it more than once. */
  id: string
  /** 0-based attempt index; 0 when samples do not repeat. */
  attempt: number
  subset: string | null
  /** The scores its scorer recorded, by metric name. */
  scores: Readonly<Record<string, number>>
  /** The answer read from the reply (the chosen option, the text after the marker); null when none was read. */
  answer: string | null
  /** The target, each accepted answer as a string; null when the sample has none. */
  target: string | readonly string[] | null
}

/**
 * A benchmark's figures of a whole set of samples, by metric name: macro-F1, corpus BLEU, a calibration error. It is
 * called on every scored sample, on each subset's, and on each bootstrap resample, so it must be a pure function of
 * the samples it receives.
 */
export type CorpusAggregate = (samples: readonly CorpusSample[]) => Record<string, number>

/** A sample's first accepted target, the label a classification is scored against. */
export function firstTarget(sample: CorpusSample): string | null {
  if (sample.target === null) return null
  return typeof sample.target === 'string' ? sample.target : (sample.target[0] ?? null)
}
