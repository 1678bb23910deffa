import type { z } from 'zod'
import { kindOf } from './read-jsonl.ts'

/** One schema problem, with the dotted path of the field it is about. */
export interface FieldProblem {
  field?: string
  message: string
}

const NOUNS: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'a boolean', array: 'a list', object: 'an object' }

/** Words a zod issue as `must be X, received Y`; `knownKeys` lists what an unknown key could have been. */
export function describeZodIssues(issues: readonly z.core.$ZodIssue[], knownKeys: readonly string[] = []): FieldProblem[] {
  return issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.') || undefined
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [field, key].filter(Boolean).join('.'),
        message: `unknown key; the keys are ${knownKeys.join(', ')}`,
      }))
    }
    return [{ field, message: describeIssue(issue) }]
  })
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) return 'missing'
  const received = `received ${describeValue(issue.input)}`
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${NOUNS[issue.expected] ?? issue.expected}, ${received}`
    case 'invalid_value':
      return `must be ${oneOf(issue.values)}, ${received}`
    case 'invalid_union': {
      if (issue.discriminator !== undefined && 'options' in issue && issue.options !== undefined) {
        const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator]
        return `must be ${oneOf(issue.options)}, ${value === undefined ? 'missing' : `received ${describeValue(value)}`}`
      }
      const expected = issue.errors.flatMap((errors) =>
        errors.flatMap((inner) =>
          inner.code === 'invalid_type' && inner.path.length === 0 ? [NOUNS[inner.expected] ?? inner.expected] : [],
        ),
      )
      return expected.length === issue.errors.length ? `must be ${expected.join(' or ')}, ${received}` : issue.message
    }
    case 'too_small':
      if (issue.origin === 'array') return `must have at least ${items(Number(issue.minimum))}, found ${(issue.input as unknown[]).length}`
      if (issue.origin === 'string') return 'must not be empty'
      return issue.message
    case 'too_big':
      if (issue.origin === 'array') return `must have at most ${items(Number(issue.maximum))}, found ${(issue.input as unknown[]).length}`
      return issue.message
    default:
      return issue.message
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 40)}..."` : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean') return `${kindOf(value)} (${value})`
  return kindOf(value)
}

function items(count: number): string {
  return count === 1 ? '1 item' : `${count} items`
}

/** `"a", "b" or "c"`. */
function oneOf(values: readonly unknown[]): string {
  const quoted = values.map((value) => JSON.stringify(value))
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
}
