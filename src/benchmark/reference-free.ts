import { NEEDS_JUDGE } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import type { Sample } from '../schema/index.ts'

/** A sample with its reference answer, as rules and scorers get it. */
export type ReferencedSample = Sample & { target: NonNullable<Sample['target']> }

/**
 * Refuses, at collection, samples without a reference in a benchmark whose rule or scorer would read one: only a judge
 * grading alone (policy "judge-only") can score them.
 */
export function checkReferenceFree(where: string, samples: readonly Sample[], judgeAlone: boolean): void {
  if (judgeAlone) return
  const free = samples.filter((sample) => sample.target === undefined)
  if (free.length === 0) return
  const which = free.length === 1 ? `sample "${free[0]!.id}" has` : `${free.length} samples (the first "${free[0]!.id}") have`
  throw new ConfigError(
    `${where}: ${which} ${NEEDS_JUDGE}; give the benchmark a judge that grades alone (judge: { definition, policy: "judge-only" }), or add the reference answers (map their field with the "target" field option).`,
  )
}

/** The sample as a rule reads it; collection has refused reference-free samples wherever a rule runs. */
export function withReference(sample: Sample): ReferencedSample {
  if (sample.target === undefined) throw new Error(`evalsuite: sample "${sample.id}" has ${NEEDS_JUDGE}, yet a rule was asked to score it`)
  return { ...sample, target: sample.target }
}
