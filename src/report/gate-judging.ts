// The report folder's second door, for the workers: what a benchmark's gate tests judge with, the same code the
// reporter judges with. Kept apart from index.ts, which the plugin's progress line loads before zod may load (vitest/plugin.ts).
export { gateSlots, gateTestName, judgeSlot, type GateJudgement, type GateSlot } from './gate-checks.ts'
export { baselineFileOf, judgeBenchmark, readBaseline, type GateSettings } from './report-run.ts'
export { sampleOutcome, type SampleOutcome, type TestState } from './sample-outcome.ts'
export { compareJudgement, judgeVariants, type VariantRun } from './variant-judging.ts'
