export { circularRotations, planRotations } from './circular.ts'
export { attemptKey, planAttempts, selectSamples, type PlannedSample } from './plan-samples.ts'
export { SelectionShape, type SelectionOptions } from './selection.ts'
export { assignSubsets, listedSubsets, selectSubsets, SubsetSpecSchema, type SubsetSpec } from './subsets.ts'
