export { registerEnvironmentKeys } from './environment-keys.ts'
export { evalsuite, type EvalsuitePluginOptions, type JudgePluginOptions } from './plugin.ts'
export { runVitest } from './run-vitest.ts'
export { collectLoadingGarbage } from './worker-heap.ts'
