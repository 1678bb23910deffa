// Loaded by the plugin in the eval project's workers: the matchers exist before any eval file runs, and each eval
// file's judge verdicts are saved once it has run.
import { registerJudgeMatcher, registerVerdictFileHooks } from './judge/index.ts'
import { registerMatchers } from './scoring/index.ts'

registerMatchers()
registerJudgeMatcher()
registerVerdictFileHooks()
