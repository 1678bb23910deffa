import { afterAll } from 'vitest'
import { finishVerdictFile, type VerdictFileTask } from '../judge/index.ts'
import { providedJudgeSettings } from './provided-settings.ts'

/** Registers the file-level hook that saves each eval file's verdicts; called from the plugin's setup file. */
export function registerVerdictFileHooks(): void {
  // Vitest passes the file as the hook's second argument; 4.1 insists on a destructuring pattern for the first
  afterAll(({}, file) => {
    const report = finishVerdictFile(file satisfies VerdictFileTask, providedJudgeSettings().update)
    if (report !== undefined) console.warn(report)
  })
}
