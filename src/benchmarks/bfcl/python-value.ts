/**
 * A JSON value read as Python's `json.loads` reads it, which is how BFCL's checker sees both the model's arguments and
 * the possible answers: a number written with a fraction or an exponent is a float (`5.0` is not the integer 5), and
 * every value keeps its Python type for the type rules.
 */
export type PythonValue =
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'str'; value: string }
  | { type: 'none' }
  | { type: 'list'; items: PythonValue[] }
  | { type: 'dict'; entries: Map<string, PythonValue> }

/** The Python type names of `PythonValue`. */
export type PythonType = PythonValue['type']

const WHITESPACE = /[ \t\n\r]*/y
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y
const STRING = /"((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"/y

/** Reads JSON text as Python would, throwing a SyntaxError that says where the text stops being JSON. */
export function readPythonJson(text: string): PythonValue {
  let at = 0
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at character ${at + 1}`)
  }
  const skip = (): void => {
    WHITESPACE.lastIndex = at
    WHITESPACE.exec(text)
    at = WHITESPACE.lastIndex
  }
  const match = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = at
    const found = pattern.exec(text)
    if (found) at = pattern.lastIndex
    return found
  }
  const literal = (word: string): boolean => {
    if (!text.startsWith(word, at)) return false
    at += word.length
    return true
  }
  const value = (): PythonValue => {
    skip()
    const char = text[at]
    if (char === '{') {
      at++
      const entries = new Map<string, PythonValue>()
      skip()
      if (literal('}')) return { type: 'dict', entries }
      do {
        skip()
        const key = match(STRING) ?? fail('expected a key in double quotes')
        skip()
        if (!literal(':')) fail('expected ":"')
        entries.set(JSON.parse(key[0]) as string, value())
        skip()
      } while (literal(','))
      if (!literal('}')) fail('expected "," or "}"')
      return { type: 'dict', entries }
    }
    if (char === '[') {
      at++
      const items: PythonValue[] = []
      skip()
      if (literal(']')) return { type: 'list', items }
      do items.push(value())
      while ((skip(), literal(',')))
      if (!literal(']')) fail('expected "," or "]"')
      return { type: 'list', items }
    }
    if (char === '"') return { type: 'str', value: JSON.parse((match(STRING) ?? fail('an unterminated or invalid string'))[0]) as string }
    if (literal('true')) return { type: 'bool', value: true }
    if (literal('false')) return { type: 'bool', value: false }
    if (literal('null')) return { type: 'none' }
    const number = match(NUMBER) ?? fail('expected a JSON value')
    return { type: number[1] === undefined && number[2] === undefined ? 'int' : 'float', value: Number(number[0]) }
  }
  const read = value()
  skip()
  if (at < text.length) fail('unexpected text after the value')
  return read
}

/** Python's `==`: numbers (booleans among them) by value, lists item by item, dicts key by key. */
export function pythonEqual(a: PythonValue, b: PythonValue): boolean {
  const numeric = (v: PythonValue): number | undefined =>
    v.type === 'int' || v.type === 'float' ? v.value : v.type === 'bool' ? Number(v.value) : undefined
  const [x, y] = [numeric(a), numeric(b)]
  if (x !== undefined || y !== undefined) return x === y
  if (a.type === 'str' && b.type === 'str') return a.value === b.value
  if (a.type === 'none' || b.type === 'none') return a.type === b.type
  if (a.type === 'list' && b.type === 'list')
    return a.items.length === b.items.length && a.items.every((item, index) => pythonEqual(item, b.items[index]!))
  if (a.type === 'dict' && b.type === 'dict') {
    return (
      a.entries.size === b.entries.size &&
      [...a.entries].every(([key, item]) => b.entries.has(key) && pythonEqual(item, b.entries.get(key)!))
    )
  }
  return false
}

/** A value written back as JSON, for messages. */
export function pythonText(value: PythonValue): string {
  switch (value.type) {
    case 'none':
      return 'null'
    case 'float':
      return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value)
    case 'list':
      return `[${value.items.map(pythonText).join(', ')}]`
    case 'dict':
      return `{${[...value.entries].map(([key, item]) => `${JSON.stringify(key)}: ${pythonText(item)}`).join(', ')}}`
    default:
      return JSON.stringify(value.value)
  }
}
