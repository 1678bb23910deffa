import type { Interval, MetricSemantics } from '../schema/index.ts'

function fixed(value: number, precision: number): string {
  const text = value.toFixed(precision)
  // "-0.0" reads as a loss where there is none
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text
}

/** A metric value as the catalog says to show it: "83.3%", "412 ms", "0.250"; "—" for no value. */
export function formatValue(semantics: MetricSemantics, value: number | null): string {
  if (value === null) return '—'
  const shown = fixed(value * semantics.scale, semantics.precision)
  if (semantics.display === 'percent') return `${shown}%`
  return semantics.unit === null ? shown : `${shown} ${semantics.unit}`
}

/** An interval in the metric's display units: "[55.2%, 95.3%]"; without one, why ("no interval: one sample"). */
export function formatInterval(semantics: MetricSemantics, interval: Interval | null, reason?: string): string {
  if (interval === null) return reason === undefined ? '—' : `no interval: ${reason}`
  return `[${formatValue(semantics, interval.lower)}, ${formatValue(semantics, interval.upper)}]`
}

/** A difference in the metric's display units, always signed: "+1.5", "-10.0" (points for percentages). */
export function formatDelta(semantics: MetricSemantics, delta: number): string {
  const shown = fixed(delta * semantics.scale, semantics.precision)
  return shown.startsWith('-') ? shown : `+${shown}`
}

/** A size of change in words: "10.0 points", "250 ms", "0.050". */
export function formatAmount(semantics: MetricSemantics, amount: number): string {
  const shown = fixed(Math.abs(amount) * semantics.scale, semantics.precision)
  if (semantics.display === 'percent') return `${shown} points`
  return semantics.unit === null ? shown : `${shown} ${semantics.unit}`
}

/** A p-value with the precision that matters: "p=0.62", "p=0.003", "p<0.001". */
export function formatP(p: number): string {
  if (p < 0.001) return 'p<0.001'
  return `p=${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`
}
