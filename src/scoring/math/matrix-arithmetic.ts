// An answer written as a sum or product of matrices ("A + B", "I A", "A \cdot B"), reduced to the one matrix it
// stands for. Entries stay LaTeX: the entry of a sum is "(a)+(b)", of a product "(a_1)(b_1)+(a_2)(b_2)", so that
// symbolic entries are compared as expressions afterwards.

/** A matrix's entries as LaTeX, row by row. */
export type Entries = string[][]

const LITERAL = /\\begin\{([pbvBV]?matrix)\}([^]*?)\\end\{\1\}/y
const OPERATOR = /\s*(\+|-|\\cdot(?![a-zA-Z])|\\times(?![a-zA-Z])|)\s*/y

function sum(a: Entries, b: Entries, sign: '+' | '-'): Entries | null {
  if (a.length !== b.length || a.some((row, i) => row.length !== b[i]?.length)) return null
  return a.map((row, i) => row.map((entry, j) => `(${entry})${sign}(${b[i]?.[j] ?? ''})`))
}

function product(a: Entries, b: Entries): Entries | null {
  const inner = b.length
  if (a.some((row) => row.length !== inner) || b.some((row) => row.length !== b[0]?.length)) return null
  const columns = b[0]?.length ?? 0
  return a.map((row) => Array.from({ length: columns }, (_, j) => row.map((entry, k) => `(${entry})(${b[k]?.[j] ?? ''})`).join('+')))
}

/**
 * The matrix a sum or product of matrix literals stands for, products first; null unless the text is two or more
 * literals of fitting shapes joined by "+", "-", "\cdot", "\times" or nothing. `rows` splits a literal's body.
 */
export function reduceMatrices(text: string, rows: (body: string) => Entries): Entries | null {
  const terms: Array<{ sign: '+' | '-'; factors: Entries[] }> = []
  let pending: '+' | '-' | 'times' = '+'
  let at = 0
  for (;;) {
    LITERAL.lastIndex = at
    const literal = LITERAL.exec(text)
    if (literal === null) return null
    const matrix = rows(literal[2] as string)
    const term = terms.at(-1)
    if (pending === 'times' && term !== undefined) term.factors.push(matrix)
    else terms.push({ sign: pending === '-' ? '-' : '+', factors: [matrix] })
    at = LITERAL.lastIndex
    if (at === text.length) break
    OPERATOR.lastIndex = at
    const operator = OPERATOR.exec(text)
    at = OPERATOR.lastIndex
    if (operator === null || at === text.length) return null
    const op = operator[1] as string
    pending = op === '+' || op === '-' ? op : 'times'
  }
  const literals = terms.reduce((n, term) => n + term.factors.length, 0)
  if (literals < 2) return null
  let total: Entries | null = null
  for (const term of terms) {
    let value: Entries | null = term.factors[0] as Entries
    for (const factor of term.factors.slice(1)) value = value && product(value, factor)
    if (value === null) return null
    // the first term has no sign: the text starts with a literal
    total = total === null ? value : sum(total, value, term.sign)
    if (total === null) return null
  }
  return total
}
