import type { JudgeModelSpec } from '../schema/index.ts'
import { registerKey } from '../store/index.ts'

/**
 * Registers the keys evalsuite reads from the environment, OPENAI_API_KEY and the variable of each judge named by its
 * endpoint (`apiKeyEnv`), so that whatever this process writes or prints masks them, even where no model holding
 * them was made (the main process, a file whose `task` calls the endpoint itself).
 */
export function registerEnvironmentKeys(judges: readonly JudgeModelSpec[]): void {
  for (const name of new Set(['OPENAI_API_KEY', ...judges.flatMap((judge) => judge.apiKeyEnv ?? [])])) registerKey(process.env[name])
}
