import { outOfTime, type CheckLimits } from './check-limits.ts'
import { expressionOf, type Expression, type Value } from './evaluate-expression.ts'
import { parseMathValue, type MathValue } from './math-value.ts'
import { isWrittenDecimal, sameRounded } from '../precision.ts'

const POINTS = 6
const ENOUGH_POINTS = 3

// Fixed sample points, so a comparison gives the same answer on every run; irrational-looking values keep
// accidental equalities (a polynomial vanishing exactly there) unlikely, and half of them are negative so that
// |x| and x, or \sqrt{x^2} and x, differ.
function pointValue(point: number, variable: number): number {
  const magnitude = 0.5 + ((((Math.sin(point * 12.9898 + variable * 78.233) * 43758.5453) % 1) + 1) % 1) * 2
  return (point + variable) % 2 === 0 ? magnitude : -magnitude
}

function scopeAt(point: number, variables: readonly string[]): Record<string, number> {
  return Object.fromEntries(variables.map((name, index) => [name, pointValue(point, index)]))
}

function close(a: number, b: number, tolerance: number): boolean {
  if (a === b) return true
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b))
}

function sameNumber(a: Value, b: Value, tolerance: number): boolean {
  return close(a.re, b.re, tolerance) && close(a.im, b.im, tolerance)
}

function isUsable(value: Value): boolean {
  return Number.isFinite(value.re) && Number.isFinite(value.im)
}

/**
 * Compares two expressions by their values at sample points: `relate` says whether the values at one point agree
 * (equal, or for equations a constant ratio). With no variables one point decides.
 */
function agreeAtPoints(a: Expression, b: Expression, budget: CheckLimits, relate: (x: Value, y: Value) => boolean): boolean {
  const variables = [...new Set([...a.variables, ...b.variables])].sort()
  const points = variables.length === 0 ? 1 : POINTS
  let usable = 0
  for (let point = 0; point < points; point++) {
    if (outOfTime(budget)) return false
    const scope = scopeAt(point, variables)
    const [x, y] = [a.valueAt(scope), b.valueAt(scope)]
    if (!isUsable(x) || !isUsable(y)) {
      // a constant without a finite value (an overflow, a division by zero) decides nothing: equal spellings were
      // caught before; a value where the other has none differs; no value on either side says nothing
      if (variables.length === 0 || isUsable(x) !== isUsable(y)) return false
      continue
    }
    if (!relate(x, y)) return false
    usable++
  }
  return usable >= Math.min(points, ENOUGH_POINTS)
}

function textOf(latex: string): string {
  return latex
    .toLowerCase()
    .replace(/\\text\{([^}]*)\}/g, '$1')
    .replace(/^\(([a-z])\)$/, '$1')
    .replace(/[\s{}]/g, '')
}

// numbers as MATH writes them: "-3", "0.25", "\frac{3}{8}", "-\frac{40}{153}", and the mixed number "1\frac{1}{4}"
const PLAIN_NUMBER = /^(-)?(?:(\d+(?:\.\d+)?)|(\d+)?\\frac\{(\d+)\}\{(\d+)\})$/

function plainNumber(latex: string): number | null {
  const found = PLAIN_NUMBER.exec(latex)
  if (found === null) return null
  const value = found[2] !== undefined ? Number(found[2]) : Number(found[3] ?? 0) + Number(found[4]) / Number(found[5])
  return found[1] ? -value : value
}

/** With `precision` set, a written decimal against a constant: both rounded to that many places agree. */
function sameAtPrecision(a: string, b: string, x: Expression | null, y: Expression | null, budget: CheckLimits): boolean {
  if (budget.precision === undefined || !(isWrittenDecimal(a) || isWrittenDecimal(b))) return false
  if (x === null || y === null || x.variables.length > 0 || y.variables.length > 0) return false
  const [u, v] = [x.valueAt({}), y.valueAt({})]
  return Math.abs(u.im) < 1e-12 && Math.abs(v.im) < 1e-12 && sameRounded(u.re, v.re, budget.precision)
}

function sameExpression(a: string, b: string, budget: CheckLimits): boolean {
  if (a === b) return true
  const [m, n] = [plainNumber(a), plainNumber(b)]
  if (m !== null && n !== null) {
    if (!Number.isFinite(m) || !Number.isFinite(n)) return false
    const rounded = budget.precision !== undefined && (isWrittenDecimal(a) || isWrittenDecimal(b)) && sameRounded(m, n, budget.precision)
    return rounded || close(m, n, budget.tolerance)
  }
  const [x, y] = [expressionOf(a), expressionOf(b)]
  if (sameAtPrecision(a, b, x, y, budget)) return true
  if (x === null || y === null) return textOf(a) === textOf(b)
  return agreeAtPoints(x, y, budget, (u, v) => sameNumber(u, v, budget.tolerance))
}

/** `left - right` of a relation, as LaTeX. */
function difference(left: string, right: string): string {
  return `(${left})-(${right})`
}

/** Two relations with the same operators whose sides differ by a constant factor (positive for inequalities). */
function sameRelation(a: { parts: string[]; ops: string[] }, b: { parts: string[]; ops: string[] }, budget: CheckLimits): boolean {
  if (a.ops.length !== b.ops.length || a.ops.some((op, i) => op !== b.ops[i])) return false
  for (let i = 0; i < a.ops.length; i++) {
    const [x, y] = [
      expressionOf(difference(a.parts[i] as string, a.parts[i + 1] as string)),
      expressionOf(difference(b.parts[i] as string, b.parts[i + 1] as string)),
    ]
    if (x === null || y === null) {
      if (!a.parts.every((part, j) => textOf(part) === textOf(b.parts[j] ?? ''))) return false
      continue
    }
    let ratio: number | null = null
    const symmetric = a.ops[i] === '=' || a.ops[i] === '\\ne'
    const proportional = agreeAtPoints(x, y, budget, (u, v) => {
      if (Math.abs(u.im) > 1e-12 || Math.abs(v.im) > 1e-12) return false
      if (close(u.re, 0, budget.tolerance) || close(v.re, 0, budget.tolerance))
        return close(u.re, 0, budget.tolerance) && close(v.re, 0, budget.tolerance)
      ratio ??= u.re / v.re
      return close(u.re / v.re, ratio, budget.tolerance) && (symmetric || ratio > 0)
    })
    if (!proportional) return false
  }
  return true
}

/** A name such as "x", "f(x)", "a_{37}", "|AB|", "(p,q)" or "V_1:V_2" standing on the left of an equation. */
function isLabel(latex: string): boolean {
  const bare = latex.replace(/_\{[^}]*\}|_\w/g, '')
  return bare !== '' && !/\d/.test(bare) && !/[+-]/.test(bare) && !/\\(?:frac|sqrt)\{[^}]*\d/.test(latex)
}

/**
 * "x = 5 + 1 = 6 \approx 6.0" stands for its last exact value, 6, when a name stands first or just before that
 * value ("1 = y = x = 0" gives 0; "7 = 11a + c" is an equation).
 */
function labelledValue(value: MathValue): MathValue | null {
  if (value.kind !== 'relation' || value.ops.some((op) => op !== '=' && op !== '\\approx')) return null
  const exact = value.parts.filter((_, i) => i === 0 || value.ops[i - 1] === '=')
  if (exact.length < 2) return isLabel(value.parts[0] as string) ? parseMathValue(value.parts.at(-1) as string) : null
  if (!isLabel(exact[0] as string) && !isLabel(exact.at(-2) as string)) return null
  return parseMathValue(exact.at(-1) as string)
}

const ABSOLUTE = /^\|([^|]+)\|$/

/**
 * "a \le |x| \le b", "|x| < b" and "|x| > a" as the union of intervals they describe: [-b,-a] ∪ [a,b], (-b,b), and
 * (-∞,-a) ∪ (a,∞).
 */
function absoluteIntervals(value: Extract<MathValue, { kind: 'relation' }>): MathValue | null {
  const at = value.parts.findIndex((part) => ABSOLUTE.test(part) && isLabel((ABSOLUTE.exec(part) as RegExpExecArray)[1] as string))
  if (at < 0) return null
  const expression = (latex: string): MathValue => ({ kind: 'expression', latex })
  const negated = (latex: string): string => `-(${latex})`
  const interval = (low: string, high: string, lowOp: string | undefined, highOp: string | undefined): MathValue => ({
    kind: 'list',
    items: [expression(low), expression(high)],
    open: lowOp === '<' ? '(' : '[',
    close: highOp === '<' ? ')' : ']',
  })
  const [low, high] = [value.parts[at - 1], value.parts[at + 1]]
  const [lowOp, highOp] = [value.ops[at - 1], value.ops[at]]
  if (low !== undefined && high !== undefined) {
    return { kind: 'union', items: [interval(negated(high), negated(low), highOp, lowOp), interval(low, high, lowOp, highOp)] }
  }
  if (high !== undefined) return interval(negated(high), high, highOp, highOp)
  if (low !== undefined) {
    return { kind: 'union', items: [interval('-\\infty', negated(low), '<', lowOp), interval(low, '\\infty', lowOp, '<')] }
  }
  return null
}

/** "a < x < b", "x \le b", "x > a" as the interval they describe; "a \le |x| \le b" as the intervals it does. */
function intervalOf(value: MathValue): MathValue | null {
  if (value.kind !== 'relation' || value.ops.some((op) => op !== '<' && op !== '\\le')) return null
  const absolute = absoluteIntervals(value)
  if (absolute) return absolute
  const open = (op: string | undefined): string => (op === '<' ? '(' : '[')
  const close = (op: string | undefined): string => (op === '<' ? ')' : ']')
  const expression = (latex: string): MathValue => ({ kind: 'expression', latex })
  if (value.parts.length === 3) {
    return {
      kind: 'list',
      items: [expression(value.parts[0] as string), expression(value.parts[2] as string)],
      open: open(value.ops[0]),
      close: close(value.ops[1]),
    }
  }
  if (value.parts.length !== 2) return null
  const [left, right] = value.parts as [string, string]
  if (isLabel(left)) return { kind: 'list', items: [expression('-\\infty'), expression(right)], open: '(', close: close(value.ops[0]) }
  if (isLabel(right)) return { kind: 'list', items: [expression(left), expression('\\infty')], open: open(value.ops[0]), close: ')' }
  return null
}

function sameItemsInOrder(a: MathValue[], b: MathValue[], budget: CheckLimits): boolean {
  return a.length === b.length && a.every((item, i) => sameValue(item, b[i] as MathValue, budget))
}

/** The same items as sets: each of either side equals some item of the other, repeats aside. */
function sameItemsAnyOrder(a: MathValue[], b: MathValue[], budget: CheckLimits): boolean {
  const covered = (from: MathValue[], into: MathValue[]): boolean =>
    from.every((item) => into.some((other) => sameValue(item, other, budget)))
  return covered(a, b) && covered(b, a)
}

function sameList(a: Extract<MathValue, { kind: 'list' }>, b: Extract<MathValue, { kind: 'list' }>, budget: CheckLimits): boolean {
  const unordered = (list: typeof a): boolean => list.open === '' || list.open === '{'
  if (unordered(a) && unordered(b)) return sameItemsAnyOrder(a.items, b.items, budget)
  // a bare list "1, 3" may be the tuple (or open interval) "(1, 3)" written without brackets: in order, then
  const tuple = (list: typeof a): boolean => list.open === '(' && list.close === ')'
  if ((a.open === '' && tuple(b)) || (tuple(a) && b.open === '')) return sameItemsInOrder(a.items, b.items, budget)
  return a.open === b.open && a.close === b.close && sameItemsInOrder(a.items, b.items, budget)
}

/** Two names of the same thing: equal as text, or one function of a single variable named differently ("W(x)", "W(n)"). */
function sameLabel(a: string, b: string): boolean {
  const unnamed = (label: string): string => textOf(label).replace(/^([a-z]\w*)\([a-z]\)$/, '$1()')
  return unnamed(a) === unnamed(b)
}

/** Whether two answers are the same mathematical object, within the budget's tolerance and time. */
export function sameValue(a: MathValue, b: MathValue, budget: CheckLimits): boolean {
  if (outOfTime(budget)) return false
  if (a.kind === 'relation' && b.kind === 'relation') {
    const [x, y] = [labelledValue(a), labelledValue(b)]
    if (x && y && sameLabel(a.parts[0] as string, b.parts[0] as string)) return sameValue(x, y, budget)
    return sameRelation(a, b, budget)
  }
  if (a.kind === 'relation' || b.kind === 'relation') {
    const [relation, other] = a.kind === 'relation' ? [a, b] : [b, a]
    const stated = labelledValue(relation) ?? (other.kind === 'list' || other.kind === 'union' ? intervalOf(relation) : null)
    return stated !== null && sameValue(stated, other, budget)
  }
  if (a.kind === 'list' && b.kind === 'list') return sameList(a, b, budget)
  if (a.kind === 'union' || b.kind === 'union') {
    const items = (value: MathValue): MathValue[] => (value.kind === 'union' ? value.items : [value])
    return sameItemsAnyOrder(items(a), items(b), budget)
  }
  if (a.kind === 'matrix' && b.kind === 'matrix') {
    return a.rows.length === b.rows.length && a.rows.every((row, i) => sameItemsInOrder(row, b.rows[i] as MathValue[], budget))
  }
  if (a.kind === 'expression' && b.kind === 'expression') return sameExpression(a.latex, b.latex, budget)
  return false
}
