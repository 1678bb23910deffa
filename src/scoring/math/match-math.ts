import { passageAround, type AnswerMatch } from '../answer-match.ts'
import type { CheckLimits } from './check-limits.ts'
import { sameValue } from './math-equal.ts'
import { expressionOf, loadMathjs } from './evaluate-expression.ts'
import { parseMathValue, type MathValue } from './math-value.ts'
import { checkPrecision } from '../precision.ts'
import { normalizeLatex } from './normalize-latex.ts'
import { readMathAnswer, readMathTarget } from './read-math-answer.ts'

// Normalising and parsing are linear or close to it, but not all of them: longer answers are compared as text.
const MAX_ANSWER = 1000

/** Options of the `math` kind. */
export interface MathOptions {
  /** Relative tolerance of numeric comparison (absolute below 1). @default 1e-6 */
  tolerance?: number
  /**
   * Where one side is a written decimal ("0.67") and the other a constant ("\\frac{2}{3}"), in a number, interval,
   * tuple or matrix: the two also agree when both, rounded to this many digits after the decimal point, are the same
   * (Math-Verify's `float_rounding`). Unset, a decimal must equal an exact value within `tolerance`.
   * @example { kind: 'math', precision: 2 } // 0.67 reads as 2/3
   */
  precision?: number
  /**
   * Time one check may take, reading the answer from the reply included; past it the answer counts as not equal,
   * and the explanation says so. @default 1000
   */
  timeoutMs?: number
}

/**
 * What a reply's chain of equalities works out to, when it ends in a constant ("\\frac{1}{2}\\cdot 20 = 10" gives 10):
 * compared with a target that is no equation. A target that is one ("7 = 11a + c") is compared as an equation.
 */
function finalValue(value: MathValue): MathValue | null {
  if (value.kind !== 'relation' || value.ops.some((op) => op !== '=')) return null
  const last = value.parts.at(-1) as string
  const expression = expressionOf(last)
  return expression !== null && expression.variables.length === 0 ? parseMathValue(last) : null
}

/**
 * The final answer of a reply (its last `\boxed{}`, else what follows "the answer is", else its last math span or
 * number) is mathematically equal to the target: same text once normalised, else the same value, expression
 * (compared at sample points with mathjs), interval, set, tuple, matrix or equation. A reply stating no answer is
 * unanswered (`extracted: null`).
 * @example matchMath('So the answer is $\\boxed{\\dfrac{1}{2}}$.', '0.5').pass // true
 */
export function matchMath(output: string, target: string | number | readonly (string | number)[], options: MathOptions = {}): AnswerMatch {
  checkPrecision('math', options.precision)
  loadMathjs()
  const timeoutMs = options.timeoutMs ?? 1000
  const budget: CheckLimits = { deadline: performance.now() + timeoutMs, tolerance: options.tolerance ?? 1e-6, timedOut: false }
  if (options.precision !== undefined) budget.precision = options.precision
  const found = readMathAnswer(output, budget)
  if (budget.timedOut)
    return {
      pass: false,
      extracted: null,
      passage: null,
      explanation: `could not decide within ${timeoutMs} ms which final answer the reply states`,
    }
  if (found === null) return { pass: false, extracted: null, passage: null, explanation: 'the reply states no final answer' }
  const passage = passageAround(output, found.start, found.end)
  const written = (Array.isArray(target) ? target : [target]).map((t) => readMathTarget(String(t)))
  if ([found.answer, ...written].some((text) => text.length > MAX_ANSWER)) {
    const pass = written.some((t) => t.trim() === found.answer.trim())
    return {
      pass,
      extracted: found.answer,
      passage,
      explanation: `${pass ? 'the answer is the target' : 'the answer is not the target'}, compared as text: answers over ${MAX_ANSWER} characters are not read as mathematics`,
    }
  }
  const answer = normalizeLatex(found.answer)
  const value = parseMathValue(answer)
  const targets = written.map(normalizeLatex)
  const hit = targets.find((t) => {
    if (t === answer) return true
    const target = parseMathValue(t)
    if (sameValue(value, target, budget)) return true
    const result = target.kind === 'relation' ? null : finalValue(value)
    return result !== null && sameValue(result, target, budget)
  })
  if (hit !== undefined) {
    return {
      pass: true,
      extracted: found.answer,
      passage,
      explanation: hit === answer ? 'the answer is the target, as written' : 'the answer equals the target',
    }
  }
  const why = budget.timedOut
    ? `could not decide within ${timeoutMs} ms whether ${answer} equals ${targets.join(' or ')}`
    : `${answer} is not ${targets.join(' or ')}`
  return { pass: false, extracted: found.answer, passage, explanation: why }
}
