import { z } from 'zod'
import { ConfigError } from '../errors.ts'

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  [other: string]: unknown
}

// zod writes the safe-integer limits as bounds of every integer; they say nothing to a reader
const isBound = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER

function range(field: JsonSchema): string {
  const [min, max] = [isBound(field.minimum) ? field.minimum : undefined, isBound(field.maximum) ? field.maximum : undefined]
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`
  if (min !== undefined) return ` of at least ${min}`
  return max === undefined ? '' : ` of at most ${max}`
}

function describeValue(field: JsonSchema): string {
  if (Array.isArray(field.enum)) return `one of ${field.enum.map((value) => JSON.stringify(value)).join(', ')}`
  if (field.const !== undefined) return `exactly ${JSON.stringify(field.const)}`
  switch (field.type) {
    case 'string':
      return 'a string'
    case 'number':
      return `a number${range(field)}`
    case 'integer':
      return `a whole number${range(field)}`
    case 'boolean':
      return 'true or false'
    default: {
      const { description: _, ...shape } = field
      return `a value matching the JSON Schema ${JSON.stringify(shape)}`
    }
  }
}

const cache = new WeakMap<z.ZodType, string>()

/**
 * The reply instruction for a verdict schema, generated from its JSON Schema so that the prompt, the parser and the
 * score mapping cannot drift apart. A schema that is not an object, or has no JSON form, is a ConfigError.
 */
export function verdictInstruction(schema: z.ZodType, where: string): string {
  const known = cache.get(schema)
  if (known !== undefined) return known
  let json: JsonSchema
  try {
    json = z.toJSONSchema(schema) as JsonSchema
  } catch (error) {
    throw new ConfigError(
      `${where}: the verdict schema cannot be written as JSON Schema (${(error as Error).message}); use JSON types only.`,
    )
  }
  if (json.type !== 'object' || json.properties === undefined) {
    throw new ConfigError(
      `${where}: a verdict schema must be a zod object, e.g. z.object({ reasoning: z.string(), verdict: z.enum([...]) }).`,
    )
  }
  const required = new Set(json.required ?? [])
  const fields = Object.entries(json.properties).map(([name, field]) => {
    const optional = required.has(name) ? '' : ' (optional)'
    const note = field.description === undefined ? '' : `: ${field.description}`
    return `- "${name}"${optional}: ${describeValue(field)}${note}`
  })
  const text = [
    'Reply with exactly one JSON object and nothing else: no text before or after it and no second object.',
    'Its fields, in this order:',
    ...fields,
  ].join('\n')
  cache.set(schema, text)
  return text
}
