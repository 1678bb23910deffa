import { ScorerError } from '../errors.ts'

const MAX_DIGITS = 15

/** Rejects a `precision` option that is not a whole number of digits a double can hold. */
export function checkPrecision(kind: string, precision: number | undefined): void {
  if (precision === undefined) return
  if (!Number.isInteger(precision) || precision < 0 || precision > MAX_DIGITS) {
    throw new ScorerError(
      `toMatchAnswer kind "${kind}": precision ${JSON.stringify(precision)} must be a whole number of digits from 0 to ${MAX_DIGITS}.`,
    )
  }
}

/** Whether a number is written with a decimal point ("0.67", "-.5", "2.6667"), the side that `precision` rounds to. */
export function isWrittenDecimal(text: string): boolean {
  return /^[-+]?\d*\.\d+$/.test(text.trim())
}

/**
 * Whether two values agree once both are rounded to `digits` places after the decimal point, as Math-Verify's
 * `float_rounding` reads a comparison where one side is a written decimal: 0.67 and 2/3 agree at 2 digits.
 */
export function sameRounded(a: number, b: number, digits: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false
  return roundTo(a, digits) === roundTo(b, digits)
}

function roundTo(value: number, digits: number): string {
  // toFixed rounds the binary value (2.675 is 2.67499…); a nudge by a few units in the last place rounds the
  // decimal a person wrote, half away from zero
  const nudged = value + Math.sign(value) * Math.abs(value) * 4 * Number.EPSILON
  const fixed = nudged.toFixed(digits)
  return /^-0(?:\.0*)?$/.test(fixed) ? fixed.slice(1) : fixed
}
