import { inject } from 'vitest'
import type { GateSettings } from '../report/gate-judging.ts'
import { GATES_KEY } from '../schema/index.ts'

/** What the plugin provided for judging gates; undefined when the evalsuite plugin is not in the project. */
export function providedGateSettings(): GateSettings | undefined {
  return inject(GATES_KEY)
}
