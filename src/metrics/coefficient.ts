import type { MetricSemantics } from '../schema/index.ts'

/** A coefficient from -1 to 1 (a kappa, a correlation), higher is better, shown as a number. */
export const coefficient = (description: string): MetricSemantics => ({
  kind: 'score',
  direction: 'higher',
  unit: null,
  range: { min: -1, max: 1 },
  display: 'number',
  scale: 1,
  precision: 3,
  description,
})
