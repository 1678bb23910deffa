import { reduceMatrices } from './matrix-arithmetic.ts'

/** The shape of a normalised LaTeX answer, for comparing like with like. */
export type MathValue =
  | { kind: 'expression'; latex: string }
  /** Tuples and intervals (ordered, with their brackets), sets (open "{"), and bare lists "1, 2" (open ""). */
  | { kind: 'list'; items: MathValue[]; open: string; close: string }
  | { kind: 'union'; items: MathValue[] }
  /** `parts[0] ops[0] parts[1] ops[1] ...`, with ">" and "\ge" turned round into "<" and "\le". */
  | { kind: 'relation'; parts: string[]; ops: string[] }
  | { kind: 'matrix'; rows: MathValue[][] }

const OPEN = new Set(['(', '[', '{'])
const CLOSE = new Set([')', ']', '}'])
const RELATION = /\\(?:le|ge|ne|approx)(?![a-zA-Z])|<|>|=/y
const MATRIX = /^\\begin\{([pbvBV]?matrix|array)\}(?:\{[^}]*\})?([^]*)\\end\{\1\}$/

/** Splits at the separators that stand outside every bracket ("\{" and "\}" count as brackets). */
function splitTopLevel(text: string, separator: RegExp): { parts: string[]; separators: string[] } {
  const parts: string[] = []
  const separators: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (char === '\\' && (text[i + 1] === '{' || text[i + 1] === '}')) {
      depth += text[i + 1] === '{' ? 1 : -1
      i++
      continue
    }
    if (OPEN.has(char)) depth++
    else if (CLOSE.has(char)) depth--
    else if (depth === 0) {
      separator.lastIndex = i
      const found = separator.exec(text)
      if (found && found.index === i) {
        parts.push(text.slice(from, i))
        separators.push(found[0].trim())
        from = i + found[0].length
        i = from - 1
      }
    }
  }
  parts.push(text.slice(from))
  return { parts: parts.map((p) => p.trim()), separators }
}

/** The brackets wrapping the whole text, when the first one closes at its very end; "\{ \}" is a set. */
function wrapping(text: string): { open: string; close: string; inner: string } | null {
  const set = /^\\\{([^]*)\\\}$/.exec(text)
  if (set) return { open: '\\{', close: '\\}', inner: set[1] as string }
  if (!OPEN.has(text[0] ?? '')) return null
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    if (OPEN.has(text[i] as string)) depth++
    else if (CLOSE.has(text[i] as string) && --depth === 0) {
      return i === text.length - 1 ? { open: text[0] as string, close: text[i] as string, inner: text.slice(1, -1) } : null
    }
  }
  return null
}

const MAX_PLUS_MINUS = 3

/** "a \pm b" as the two values it stands for; past a few signs (2^n values) it stays one expression. */
function expandPlusMinus(latex: string): string[] {
  if ((latex.match(/\\(?:pm|mp)(?![a-z])/g)?.length ?? 0) > MAX_PLUS_MINUS) return [latex]
  const at = latex.search(/\\(?:pm|mp)(?![a-z])/)
  if (at < 0) return [latex]
  const rest = latex.slice(at + 3)
  return [...expandPlusMinus(`${latex.slice(0, at)}+${rest}`), ...expandPlusMinus(`${latex.slice(0, at)}-${rest}`)]
}

/** The items of a list separated by commas (or semicolons), each "a \pm b" standing for two. */
function listItems(inner: string): string[] {
  const { parts } = splitTopLevel(inner, /,/y)
  const items = parts.length === 1 && inner.includes(';') ? splitTopLevel(inner, /;/y).parts : parts
  return items.filter((item) => item !== '').flatMap(expandPlusMinus)
}

function relation(parts: string[], separators: string[]): MathValue {
  if (separators.every((s) => s === '>' || s === '\\ge')) {
    return { kind: 'relation', parts: [...parts].reverse(), ops: separators.map((s) => (s === '>' ? '<' : '\\le')).reverse() }
  }
  return { kind: 'relation', parts, ops: separators }
}

/** The entries of a matrix literal's body, row by row. */
function matrixEntries(body: string): string[][] {
  return splitTopLevel(body, /\\\\/y)
    .parts.filter((row) => row !== '')
    .map((row) => splitTopLevel(row, /&/y).parts)
}

// "and" / "or" between items, spaced or glued to math ("1orW(x)=-1")
const CONNECTOR = /\s*\b(?:and|or)\b\s*|(?<=[\d)}\]])(?:or|and)(?=[A-Za-z\d\\(-])/g
const ASSIGNMENT = /^([a-zA-Z](?:_\{?\w+\}?)?)=([^=]+)$/

/**
 * Solutions written as assignments, one solution per semicolon ("p=5,q=2;p=7,q=2"), as the list of tuples they
 * stand for ("(5,2),(7,2)"), each tuple in the order its variables are written.
 */
function assignmentSets(text: string): MathValue | null {
  const solutions = splitTopLevel(text, /;/y).parts
  if (solutions.length < 2) return null
  const tuples: MathValue[] = []
  for (const solution of solutions) {
    const values = splitTopLevel(solution, /,/y).parts.map((part) => ASSIGNMENT.exec(part)?.[2])
    if (values.some((value) => value === undefined)) return null
    tuples.push({ kind: 'list', items: values.map((value) => parseMathValue(value as string)), open: '(', close: ')' })
  }
  return { kind: 'list', items: tuples, open: '', close: '' }
}

/** Reads the shape of a normalised answer: matrix, union, list, tuple or interval, relation, or a single expression. */
export function parseMathValue(latex: string): MathValue {
  const text = latex.trim().replace(/^[a-zA-Z](?:_\{?\w+\}?)?\s*\\in\s*/, '')
  const bare = text.replace(/^[[(]([^]*)[\])]$/, '$1').trim()
  // a sum or product of literals first: MATRIX alone would read "A + B" as one literal from A's start to B's end
  const reduced = bare.includes('\\end') ? reduceMatrices(bare, matrixEntries) : null
  if (reduced) return { kind: 'matrix', rows: reduced.map((row) => row.map(parseMathValue)) }
  const matrix = MATRIX.exec(text) ?? MATRIX.exec(bare)
  if (matrix) return { kind: 'matrix', rows: matrixEntries(matrix[2] as string).map((row) => row.map(parseMathValue)) }
  const words = /[\d\\]/.test(text) ? text.replace(CONNECTOR, ',').replace(/^,+|,+$/g, '') : text
  const solutions = assignmentSets(words)
  if (solutions) return solutions
  const union = splitTopLevel(words, /\\cup(?![a-z])/y)
  if (union.parts.length > 1) return { kind: 'union', items: union.parts.map(parseMathValue) }
  const list = listItems(words)
  if (list.length > 1) return { kind: 'list', items: list.map(parseMathValue), open: '', close: '' }
  const relations = splitTopLevel(words, RELATION)
  if (relations.parts.length > 1) return relation(relations.parts, relations.separators)
  const wrapped = wrapping(words)
  const hasItems = wrapped !== null && splitTopLevel(wrapped.inner, /[,;]/y).parts.length > 1
  if (wrapped && (wrapped.open === '\\{' || hasItems)) {
    const items = listItems(wrapped.inner).map(parseMathValue)
    // "\{1,3\}" is a set; "{1,3}" is LaTeX's grouping around a bare list
    if (wrapped.open === '{') return { kind: 'list', items, open: '', close: '' }
    return { kind: 'list', items, open: wrapped.open === '\\{' ? '{' : wrapped.open, close: wrapped.open === '\\{' ? '}' : wrapped.close }
  }
  return { kind: 'expression', latex: words }
}
