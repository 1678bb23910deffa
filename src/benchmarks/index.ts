export { gsm8k, type Gsm8kOptions } from './gsm8k/gsm8k.ts'
export type { BuiltinOptions } from './builtin-options.ts'
export { mmlu, type MmluOptions } from './mmlu/mmlu.ts'
export { MMLU_CATEGORIES, MMLU_SUBJECTS, type MmluCategory } from './mmlu/subjects.ts'
