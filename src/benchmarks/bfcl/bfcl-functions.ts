import { z } from 'zod'
import { NonEmptyTextSchema } from '../../schema/index.ts'

/** A parameter of a BFCL function, in its JSON-Schema-like dialect with Python type names ("dict", "float", "tuple", "any"). */
export interface BfclParameter {
  type: string
  items?: BfclParameter
  properties?: Record<string, BfclParameter>
  [key: string]: unknown
}

const ParameterSchema: z.ZodType<BfclParameter> = z.lazy(() =>
  z.looseObject({ type: z.string(), items: ParameterSchema.optional(), properties: z.record(z.string(), ParameterSchema).optional() }),
)

/** A function a BFCL question offers, as its `function` field lists them. */
export const BfclFunctionSchema = z.object({
  name: NonEmptyTextSchema,
  description: z.string().optional(),
  parameters: z.looseObject({
    type: z.string(),
    properties: z.record(z.string(), ParameterSchema),
    required: z.array(z.string()).default([]),
  }),
})
/** A function a BFCL question offers. */
export type BfclFunction = z.infer<typeof BfclFunctionSchema>

// BFCL's Python type names as JSON Schema says them; "any" is offered as a string, the type its checker expects
const JSON_SCHEMA_TYPES: Readonly<Record<string, string>> = { dict: 'object', float: 'number', tuple: 'array', any: 'string' }

/** A BFCL parameter (or parameters object) as JSON Schema, its other keywords kept. */
export function toJsonSchema(parameter: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...parameter }
  if (typeof parameter.type === 'string') schema.type = JSON_SCHEMA_TYPES[parameter.type] ?? parameter.type
  if (typeof parameter.items === 'object' && parameter.items !== null)
    schema.items = toJsonSchema(parameter.items as Record<string, unknown>)
  if (typeof parameter.properties === 'object' && parameter.properties !== null) {
    schema.properties = Object.fromEntries(
      Object.entries(parameter.properties).map(([name, inner]) => [name, toJsonSchema(inner as Record<string, unknown>)]),
    )
  }
  return schema
}

/**
 * The name a function is offered by: tool names allow letters, digits, "_" and "-" only, so the dots of BFCL's names
 * ("math.factorial") become "_", as BFCL's own runs for such models do and its checker reads back.
 */
export function toolName(name: string): string {
  return name.replaceAll('.', '_')
}
