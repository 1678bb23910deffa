import { createRequire } from 'node:module'
import type { MathJsInstance, MathNode, SymbolNode } from 'mathjs'
import { latexToMathjs } from './latex-to-mathjs.ts'

/** An expression ready to evaluate: its free variables, and its value at given values of them. */
export interface Expression {
  variables: readonly string[]
  valueAt(scope: Readonly<Record<string, number>>): Value
}

/** A real or complex value; NaN parts when the expression has no value there. */
export interface Value {
  re: number
  im: number
}

// Bounds that keep one evaluation cheap whatever a reply holds: every mathjs operation here works on floats in
// constant time, so the cost of a check is linear in the size of the expression and the number of points.
const MAX_LENGTH = 400
const MAX_DEPTH = 40
const CACHE_SIZE = 2000

let mathjs: MathJsInstance | undefined
// mathjs's single-file bundle loads in about 50 ms, against 0.5 s for its module tree; it is loaded on the first
// math check, so test workers that never compare math do not pay for it.
/**
 * Loads mathjs now, when it is not yet loaded, and runs it once: a check calls this before its clock starts, so that
 * the load (a second or more on a busy machine) is not counted against the first check's time limit.
 */
export function loadMathjs(): MathJsInstance {
  if (mathjs === undefined) {
    mathjs = createRequire(import.meta.url)('mathjs/lib/browser/math.js') as MathJsInstance
    // the first parse and evaluation build mathjs's internals, which takes about as long as loading it
    mathjs.parse('(2 * 3) / 4 - 1').compile().evaluate({})
  }
  return mathjs
}

const cache = new Map<string, Expression | null>()

function depthOf(latex: string): number {
  let depth = 0
  let deepest = 0
  for (const char of latex) {
    if (char === '{' || char === '(' || char === '[') deepest = Math.max(deepest, ++depth)
    else if (char === '}' || char === ')' || char === ']') depth--
  }
  return deepest
}

function toValue(result: unknown): Value {
  if (typeof result === 'number') return { re: result, im: 0 }
  if (typeof result === 'object' && result !== null && 're' in result && 'im' in result) {
    const { re, im } = result as { re: unknown; im: unknown }
    if (typeof re === 'number' && typeof im === 'number') return { re, im }
  }
  return { re: Number.NaN, im: Number.NaN }
}

function compile(latex: string): Expression | null {
  if (latex.length > MAX_LENGTH || depthOf(latex) > MAX_DEPTH) return null
  const text = latexToMathjs(latex)
  if (text === null) return null
  const math = loadMathjs()
  let node: MathNode
  try {
    node = math.parse(text)
  } catch {
    return null
  }
  const symbols = node.filter((n) => n.type === 'SymbolNode') as SymbolNode[]
  const variables = [...new Set(symbols.map((n) => n.name).filter((name) => name.startsWith('_')))].sort()
  const code = node.compile()
  return {
    variables,
    valueAt: (scope) => {
      try {
        return toValue(code.evaluate({ ...scope }))
      } catch {
        return { re: Number.NaN, im: Number.NaN }
      }
    },
  }
}

/** The LaTeX expression compiled for evaluation (cached), or null when it cannot be read as an expression. */
export function expressionOf(latex: string): Expression | null {
  const cached = cache.get(latex)
  if (cached !== undefined || cache.has(latex)) return cached ?? null
  const expression = compile(latex)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(latex, expression)
  return expression
}
