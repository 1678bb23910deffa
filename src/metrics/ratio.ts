import type { MetricSemantics } from '../schema/index.ts'

/** A share of samples, from 0 to 1, higher is better, shown as a percentage. */
export const ratio = (description: string): MetricSemantics => ({
  kind: 'score',
  direction: 'higher',
  unit: null,
  range: { min: 0, max: 1 },
  display: 'percent',
  scale: 100,
  precision: 1,
  description,
})
