import type { BfclFunction, BfclParameter } from './bfcl-functions.ts'
import { pythonEqual, pythonText, type PythonType, type PythonValue } from './python-value.ts'

// the Python type BFCL's checker expects of each type name its functions use ("any" is read as a string)
const PYTHON_TYPES: Readonly<Record<string, PythonType>> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
}

const isEmpty = (value: PythonValue): boolean => value.type === 'str' && value.value === ''
const shown = (values: readonly PythonValue[]): string => `[${values.map(pythonText).join(', ')}]`

/** Lower case, without spaces and the punctuation ,./-_*^, single quotes as double: how the checker compares strings. */
function standardString(text: string): string {
  return text
    .replaceAll(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replaceAll("'", '"')
}

const standard = (value: PythonValue): PythonValue => (value.type === 'str' ? { type: 'str', value: standardString(value.value) } : value)

// the type of the first acceptable value other than "": a value of that type is taken as the answer's own (BFCL
// names this a variable), whatever the function says
function listedType(acceptable: readonly PythonValue[]): PythonType | undefined {
  return acceptable.find((value) => !isEmpty(value))?.type
}

interface TypeVerdict {
  why?: string
  /** The value is of the acceptable values' type rather than the declared one: compared as it is. */
  listed: boolean
}

function checkType(
  name: string,
  value: PythonValue,
  acceptable: readonly PythonValue[],
  expected: PythonType,
  items: PythonType | undefined,
): TypeVerdict {
  const listed = listedType(acceptable)
  const isListed = listed !== undefined && listed !== expected
  if (value.type === expected) {
    if (items === undefined || value.type !== 'list') return { listed: isListed }
    // one level deep, as the checker goes: some acceptable list must take every item's type
    for (const option of acceptable) {
      if (option.type !== 'list') return { listed: isListed }
      if (value.items.every((item) => checkType(name, item, option.items, items, undefined).why === undefined)) return { listed: isListed }
    }
    return { why: `argument "${name}": the items of ${pythonText(value)} must be ${items}`, listed: isListed }
  }
  if (listed !== undefined && value.type === listed) return { listed: true }
  return { why: `argument "${name}": expected type ${expected}, received ${value.type} ${pythonText(value)}`, listed: isListed }
}

function dictMismatch(value: PythonValue & { type: 'dict' }, acceptable: readonly PythonValue[]): string {
  let why = 'no acceptable dict'
  for (const option of acceptable) {
    if (isEmpty(option)) continue
    if (option.type !== 'dict') continue
    const lists = new Map([...option.entries].map(([key, listed]) => [key, listed.type === 'list' ? listed.items : [listed]]))
    const unknown = [...value.entries.keys()].find((key) => !lists.has(key))
    const wrong = [...value.entries].find(
      ([key, item]) => lists.has(key) && !lists.get(key)!.some((good) => pythonEqual(standard(item), standard(good))),
    )
    const missing = [...lists].find(([key, listedValues]) => !value.entries.has(key) && !listedValues.some(isEmpty))
    if (unknown === undefined && wrong === undefined && missing === undefined) return ''
    why =
      unknown !== undefined
        ? `unexpected key "${unknown}"`
        : wrong !== undefined
          ? `key "${wrong[0]}": ${pythonText(wrong[1])} is not one of ${shown(lists.get(wrong[0])!)}`
          : `key "${missing![0]}" is missing`
  }
  return why
}

function valueMismatch(
  name: string,
  value: PythonValue,
  acceptable: readonly PythonValue[],
  expected: PythonType,
  items: PythonType | undefined,
): string | undefined {
  const wrong = `argument "${name}": ${pythonText(value)} is not one of ${shown(acceptable)}`
  if (expected === 'dict' && value.type === 'dict') {
    const why = dictMismatch(value, acceptable)
    return why === '' ? undefined : `argument "${name}": ${why}`
  }
  if (expected === 'list' && items === 'dict' && value.type === 'list') {
    const fits = acceptable.some((option) => {
      const dicts = option.type === 'list' ? option.items : []
      return (
        dicts.length === value.items.length &&
        value.items.every((item, index) => item.type === 'dict' && dictMismatch(item, [dicts[index]!]) === '')
      )
    })
    return fits ? undefined : wrong
  }
  if (expected === 'str')
    return acceptable.some((option) => option.type === 'str' && pythonEqual(standard(value), standard(option))) ? undefined : wrong
  if (expected === 'list' && value.type === 'list') {
    // "" among the acceptable values stands for the empty list, as the checker's reading of it does
    const options = acceptable.map((option) => (isEmpty(option) ? { type: 'list' as const, items: [] } : option))
    const written = { type: 'list' as const, items: value.items.map(standard) }
    return options.some((option) => option.type === 'list' && pythonEqual(written, { type: 'list', items: option.items.map(standard) }))
      ? undefined
      : wrong
  }
  return acceptable.some((option) => pythonEqual(value, option)) ? undefined : wrong
}

/**
 * Why a call is not the possible answer, by the rules of BFCL's AST checker, or undefined when it is: every required
 * parameter given, none the function or the answer does not have, each of its type (an integer passes for a float),
 * each among its acceptable values (strings compared by `standardString`, lists item by item, dicts key by key), and
 * every parameter left out marked optional by "" among its values.
 */
export function callMismatch(fn: BfclFunction, args: PythonValue, answer: ReadonlyMap<string, readonly PythonValue[]>): string | undefined {
  if (args.type !== 'dict') return `the arguments must be an object, received ${pythonText(args)}`
  for (const name of fn.parameters.required) if (!args.entries.has(name)) return `required argument "${name}" is missing`
  for (const [name, written] of args.entries) {
    const parameter: BfclParameter | undefined = fn.parameters.properties[name]
    const acceptable = answer.get(name)
    if (parameter === undefined || acceptable === undefined) return `unexpected argument "${name}"`
    const expected = PYTHON_TYPES[parameter.type] ?? 'str'
    const items =
      parameter.type === 'array' || parameter.type === 'tuple'
        ? parameter.items
          ? PYTHON_TYPES[parameter.items.type]
          : undefined
        : undefined
    // Python's checker lets an integer stand for a float, and nothing else for anything
    const value: PythonValue = expected === 'float' && written.type === 'int' ? { type: 'float', value: written.value } : written
    const type = checkType(name, value, acceptable, expected, items)
    if (type.why !== undefined) return type.why
    const why = type.listed
      ? acceptable.some((option) => pythonEqual(value, option))
        ? undefined
        : `argument "${name}": ${pythonText(value)} is not one of ${shown(acceptable)}`
      : valueMismatch(name, value, acceptable, expected, items)
    if (why !== undefined) return why
  }
  for (const [name, acceptable] of answer) {
    if (!args.entries.has(name) && !acceptable.some(isEmpty)) return `argument "${name}" is missing, expected one of ${shown(acceptable)}`
  }
  return undefined
}
