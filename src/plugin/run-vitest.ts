import { resolve } from 'node:path'
import { evalsuite, type EvalsuitePluginOptions } from './plugin.ts'

/**
 * Runs Vitest once in `root`, without a config file, with the evalsuite plugin as a config would add it, and returns
 * Vitest's exit code, which carries evalsuite's verdict (the gates are tests). `provide` reaches the eval files'
 * `inject` as a config's `provide` does.
 */
export async function runVitest(root: string, plugin: EvalsuitePluginOptions, provide: Record<string, unknown> = {}): Promise<number> {
  // Vitest's Node side loads only when the CLI starts a run: this folder's index.ts is loaded in every worker too
  const { startVitest } = await import('vitest/node')
  // the project's folder names every eval file in it: the eval files run only in a run that names them
  const vitest = await startVitest(
    'test',
    [resolve(root)],
    { root, config: false, watch: false, include: [], provide },
    { plugins: [evalsuite(plugin)] },
  )
  await vitest?.close()
  // Vitest sets the code only when the run fails; a run that did not start has set it already
  if (vitest === undefined) return Number(process.exitCode ?? 1)
  return typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0)
}
