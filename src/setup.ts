// Loaded by the plugin in the eval project's workers: the matchers exist before any eval file runs.
import { registerMatchers } from './scoring/index.ts'

registerMatchers()
