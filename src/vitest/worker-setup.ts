// Loaded by the plugin's setup file in the eval project's workers: the matchers exist before any eval file runs, each
// eval file's judge verdicts are saved once it has run, and the keys of the environment are masked in all it writes.
import { registerEnvironmentKeys } from '../plugin/index.ts'
import { registerMatchers } from './matchers.ts'
import { providedJudgeSettings } from './provided-settings.ts'
import { registerVerdictFileHooks } from './verdict-file-hooks.ts'

registerMatchers()
registerVerdictFileHooks()
registerEnvironmentKeys(providedJudgeSettings().models)
