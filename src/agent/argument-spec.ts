import { z } from 'zod'
import type { TrajectoryToolCall } from '../schema/index.ts'
import { isRecord, jsonEqual, shownJson } from './json-value.ts'

const PATTERN = Symbol('evalsuite.toolArgs')

/** A rule `toolArgs` builds: some keys (`partial`), or lists of acceptable values per argument (`oneOf`). */
export interface ArgumentPattern {
  readonly [PATTERN]: 'partial' | 'oneOf'
  readonly value: Readonly<Record<string, unknown>>
}

/**
 * A check of a call's arguments written as a function: `true` when they are right, `false` or a sentence saying why
 * when they are not. It gets the call too, for its `rawArguments` (the text the model wrote).
 */
export type ArgumentPredicate = (args: unknown, call: TrajectoryToolCall) => boolean | string

/**
 * What a call's arguments must be: a plain value (equal as JSON, key order aside; its values may themselves be
 * any of these), `toolArgs.partial({...})`, `toolArgs.oneOf({...})`, a zod schema, or a predicate.
 */
export type ArgumentSpec = ArgumentPattern | ArgumentPredicate | z.ZodType | unknown

/**
 * Argument rules for the trajectory matchers. A plain object passed instead means exactly these arguments; a zod
 * schema means arguments it accepts; a function means arguments it returns `true` for.
 * @example expect(trajectory).toCallTool('search', toolArgs.partial({ q: 'weather' }))
 */
export const toolArgs = {
  /** These keys with these values (each value itself a spec); other keys may be there too. */
  partial(value: Record<string, unknown>): ArgumentPattern {
    return { [PATTERN]: 'partial', value }
  },
  /**
   * Berkeley Function Calling Leaderboard's form: each argument's list of acceptable values (equal as JSON); no key
   * outside the lists; `""` among a key's values means it may be left out.
   * @example toolArgs.oneOf({ city: ['Paris', 'Paris, France'], unit: ['celsius', ''] })
   */
  oneOf(value: Record<string, readonly unknown[]>): ArgumentPattern {
    return { [PATTERN]: 'oneOf', value }
  },
}

function isPattern(spec: unknown): spec is ArgumentPattern {
  return isRecord(spec) && PATTERN in spec
}

const at = (path: string, key: string): string => (path === '' ? `argument "${key}"` : `${path}.${key}`)

// the first difference between the spec and the value, said from the top-level argument down; undefined when none
function mismatch(spec: unknown, value: unknown, call: TrajectoryToolCall, path: string): string | undefined {
  const where = path === '' ? 'the arguments' : path
  if (typeof spec === 'function') {
    const verdict = (spec as ArgumentPredicate)(value, call)
    if (verdict === true) return undefined
    if (typeof verdict === 'string') return path === '' ? verdict : `${where}: ${verdict}`
    return `${where} failed the predicate${spec.name ? ` ${spec.name}` : ''}`
  }
  if (spec instanceof z.ZodType) {
    const parsed = spec.safeParse(value)
    if (parsed.success) return undefined
    const issue = parsed.error.issues[0]!
    const inside = issue.path.reduce<string>((prefix, key) => at(prefix, String(key)), path)
    return `${inside === '' ? 'the arguments' : inside}: ${issue.message}`
  }
  if (isPattern(spec))
    return spec[PATTERN] === 'partial' ? partialMismatch(spec.value, value, call, path) : oneOfMismatch(spec.value, value, path)
  if (isRecord(spec)) {
    if (!isRecord(value)) return `${where}: expected an object, received ${shownJson(value)}`
    const extra = Object.keys(value).find((key) => value[key] !== undefined && !Object.hasOwn(spec, key))
    if (extra !== undefined) return `unexpected ${at(path, extra)}`
    return partialMismatch(spec, value, call, path)
  }
  if (Array.isArray(spec) && spec.some((item) => typeof item === 'function' || isRecord(item))) {
    if (!Array.isArray(value) || value.length !== spec.length)
      return `${where}: expected ${spec.length} items, received ${shownJson(value)}`
    for (const [index, item] of spec.entries()) {
      const found = mismatch(item, value[index], call, `${where}[${index}]`)
      if (found !== undefined) return found
    }
    return undefined
  }
  return jsonEqual(spec, value) ? undefined : `${where}: expected ${shownJson(spec)}, received ${shownJson(value)}`
}

function partialMismatch(
  spec: Readonly<Record<string, unknown>>,
  value: unknown,
  call: TrajectoryToolCall,
  path: string,
): string | undefined {
  if (!isRecord(value)) return `${path === '' ? 'the arguments' : path}: expected an object, received ${shownJson(value)}`
  for (const [key, expected] of Object.entries(spec)) {
    if (expected === undefined) continue
    if (value[key] === undefined)
      return `${at(path, key)} is missing, expected ${typeof expected === 'function' ? 'one' : shownJson(expected)}`
    const found = mismatch(expected, value[key], call, at(path, key))
    if (found !== undefined) return found
  }
  return undefined
}

function oneOfMismatch(spec: Readonly<Record<string, unknown>>, value: unknown, path: string): string | undefined {
  if (!isRecord(value)) return `${path === '' ? 'the arguments' : path}: expected an object, received ${shownJson(value)}`
  const extra = Object.keys(value).find((key) => value[key] !== undefined && !Object.hasOwn(spec, key))
  if (extra !== undefined) return `unexpected ${at(path, extra)}`
  for (const [key, listed] of Object.entries(spec)) {
    const acceptable: readonly unknown[] = Array.isArray(listed) ? listed : [listed]
    if (value[key] === undefined) {
      if (acceptable.includes('')) continue
      return `${at(path, key)} is missing, expected one of ${shownJson(acceptable)}`
    }
    if (!acceptable.some((item) => jsonEqual(item, value[key])))
      return `${at(path, key)}: expected one of ${shownJson(acceptable)}, received ${shownJson(value[key])}`
  }
  return undefined
}

/**
 * Why a call's arguments do not meet the spec (the first difference found, naming the argument), or undefined when
 * they do. Arguments the model wrote as invalid JSON meet no spec.
 */
export function argumentMismatch(spec: ArgumentSpec, call: TrajectoryToolCall): string | undefined {
  if (call.error !== undefined) return `its arguments are not valid JSON (${call.error})`
  return mismatch(spec, call.arguments, call, '')
}

/** A spec as a message names it. */
export function describeSpec(spec: ArgumentSpec): string {
  if (typeof spec === 'function') return spec.name ? `arguments passing ${spec.name}` : 'arguments passing a predicate'
  if (spec instanceof z.ZodType) return 'arguments its schema accepts'
  if (isPattern(spec))
    return spec[PATTERN] === 'partial' ? `arguments including ${shownJson(spec.value)}` : `arguments among ${shownJson(spec.value)}`
  return shownJson(spec)
}
