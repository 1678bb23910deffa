export { finishRun, type FinishRunOptions, type RunEnd } from './finish-run.ts'
