export { finishRun, type FinishRunOptions, type RunEnd, warmUp } from './finish-run.ts'
