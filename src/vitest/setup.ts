// Loaded by the plugin in the eval project's workers: the matchers exist before any eval file runs, and each eval
// file's judge verdicts are saved once it has run.
import { registerMatchers } from './to-match-answer.ts'
import { registerJudgeMatcher } from './to-pass-judge.ts'
import { registerVerdictFileHooks } from './verdict-file-hooks.ts'

registerMatchers()
registerJudgeMatcher()
registerVerdictFileHooks()
