// The package's `evalsuite/plugin` entry. It imports the plugin's own module, not src/vitest/index.ts, which loads the
// benchmark core (and zod) that the plugin defers until an option needs it.
export { evalsuite, type EvalsuitePluginOptions, type JudgePluginOptions } from './vitest/plugin.ts'
