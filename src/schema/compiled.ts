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

/**
 * The schema's parsers: the runtime one for its first `uses` calls and the compiled one after. Compiling costs 20 to
 * 60 ms of CPU and pays back only after some hundreds of parses: a run of one sample (or one report) would spend it
 * for nothing, a run of thousands still gets the compiled parser for nearly all of them. The results and errors are
 * the same either way.
 */
export function compiledAfter<T extends z.ZodType>(schema: T, uses = 500): Pick<T, 'safeParse' | 'parse'> {
  let left = uses
  const current = (): T => (left > 0 && !compiled.has(schema) ? (left--, schema) : compiledSchema(schema))
  return {
    safeParse: ((data, params) => current().safeParse(data, params)) as T['safeParse'],
    parse: ((data, params) => current().parse(data, params)) as T['parse'],
  }
}
