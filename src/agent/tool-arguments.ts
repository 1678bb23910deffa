import { z } from 'zod'
import { optionProblems } from '../schema/index.ts'
import type { AgentTool } from './agent-tool.ts'

const JSON_TYPES: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  null: (value) => value === null,
}

// a JSON Schema object is checked at its top level only (required keys, unknown keys when it forbids them, each
// property's declared type): enough to tell a wrong call from a right one without a JSON Schema validator
function jsonSchemaProblems(schema: Record<string, unknown>, args: unknown): string[] {
  if (!JSON_TYPES.object!(args)) return [`the arguments must be an object, received ${JSON.stringify(args)}`]
  const record = args as Record<string, unknown>
  const properties = (JSON_TYPES.object!(schema.properties) ? schema.properties : {}) as Record<string, Record<string, unknown>>
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []
  const problems = required.filter((name) => !(name in record)).map((name) => `"${name}" is required`)
  for (const [name, value] of Object.entries(record)) {
    const property = properties[name]
    if (property === undefined) {
      if (schema.additionalProperties === false) problems.push(`"${name}" is not a parameter`)
      continue
    }
    const types = [property.type].flat().filter((type): type is string => typeof type === 'string' && type in JSON_TYPES)
    if (types.length > 0 && !types.some((type) => JSON_TYPES[type]!(value)))
      problems.push(`"${name}" must be ${types.join(' or ')}, received ${JSON.stringify(value)}`)
  }
  return problems
}

/** The arguments a tool runs with (a zod schema's output), or why they fail its parameters. */
export function checkedArguments(tool: AgentTool, args: unknown): { args: unknown } | { problems: string[] } {
  if (tool.parameters instanceof z.ZodType) {
    const parsed = tool.parameters.safeParse(args)
    if (parsed.success) return { args: parsed.data }
    return { problems: optionProblems(parsed.error).map((problem) => problem.replace(/^option /, 'argument ')) }
  }
  const problems = jsonSchemaProblems(tool.parameters, args)
  return problems.length === 0 ? { args } : { problems }
}
