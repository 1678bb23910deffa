import type { Report, Threshold } from '../schema/index.ts'

type Gate = Report['gates'][number]

function bounds(threshold: Threshold): { min?: number; max?: number } {
  return typeof threshold === 'number' ? { min: threshold } : threshold
}

/** Checks one threshold against the metric's overall value; a metric with no scored sample fails its gate. */
export function evaluateGate(metric: string, threshold: Threshold, value: number | null): Gate {
  const { min, max } = bounds(threshold)
  if (value === null) return { metric, threshold, value, passed: false, reason: `no scored sample has "${metric}"` }
  if (min !== undefined && value < min) return { metric, threshold, value, passed: false, reason: `${fmt(value)} < min ${fmt(min)}` }
  if (max !== undefined && value > max) return { metric, threshold, value, passed: false, reason: `${fmt(value)} > max ${fmt(max)}` }
  const parts = [min === undefined ? '' : `≥ ${fmt(min)}`, max === undefined ? '' : `≤ ${fmt(max)}`].filter(Boolean)
  return { metric, threshold, value, passed: true, reason: `${fmt(value)} ${parts.join(' and ')}` }
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/\.?0+$/, '')
}
