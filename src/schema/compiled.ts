import { z } from 'zod'

const compiled = new WeakMap<z.ZodType, z.ZodType>()

/**
 * The schema as zod's compiled validator (the same results and errors), compiled on first use and once per process.
 * For schemas parsed once per sample or per line: a run parses thousands of them while the runtime parser is still
 * cold, and the compiled one costs a few milliseconds once.
 */
export function compiledSchema<T extends z.ZodType>(schema: T): T {
  let found = compiled.get(schema)
  if (found === undefined) {
    found = z.compile(schema)
    compiled.set(schema, found)
  }
  return found as T
}
