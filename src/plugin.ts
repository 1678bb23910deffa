// The package's `evalsuite/plugin` entry, beside index.ts (`evalsuite`): the top of src/ holds the package's entry
// files, and errors.ts, which every folder may import. It imports src/plugin/ (the main process's side of Vitest), not
// src/vitest/index.ts, which loads the benchmark core (and zod) that the plugin defers until an option needs it.
export { evalsuite, type EvalsuitePluginOptions, type JudgePluginOptions } from './plugin/index.ts'
