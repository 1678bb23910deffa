import type { JudgeRecord } from '../schema/index.ts'
import type { JudgeModel } from './judge-options.ts'

/** Options of `toPassJudge`; inside a benchmark the question and reference come from the sample. */
export interface ToPassJudgeOptions {
  /** The judge model(s) for this call, instead of the benchmark's or the plugin's. */
  model?: JudgeModel | readonly JudgeModel[]
  /** The question the output answers. */
  input?: string
  /** The reference answer, or several acceptable ones. */
  reference?: string | readonly string[]
}

/** A judgement the policy ruled out: kept, so the sample shows why no judge was asked. */
export function skippedByPolicy(name: string, reason: string): JudgeRecord {
  return { name, status: 'skipped', reason, judges: [], calls: { live: 0, stored: 0, invalid: 0 } }
}
