// Loaded by the plugin in the eval project's workers: the matchers exist before any eval file runs, and each eval
// file's judge verdicts are saved once it has run.
import { registerMatchers } from './matchers.ts'
import { registerVerdictFileHooks } from './verdict-file-hooks.ts'

registerMatchers()
registerVerdictFileHooks()
