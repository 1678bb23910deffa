import { z } from 'zod'

const compiled = new WeakMap<z.ZodType, z.ZodType>()

/**
 * Parse options for a schema parsed once or a few times a run (options, settings, one report). zod's default parser
 * writes and compiles a fast path for each object schema the first time it parses one: 5 to 15 ms for a large schema,
 * which one parse never pays back, while the same parse without it costs a few milliseconds. The results and errors
 * are the same.
 */
export const PARSED_ONCE = { jitless: true } as const

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
 * The schema's parsers: the runtime one, without its fast paths (see PARSED_ONCE), for its first `uses` calls and the
 * compiled one after. Compiling costs 20 to 60 ms of CPU and pays back only after some hundreds of parses: a run of one
 * sample (or one report) would spend it for nothing, a run of thousands still gets the compiled parser for nearly all
 * of them. The results and errors are the same either way.
 */
export function compiledAfter<T extends z.ZodType>(schema: T, uses = 500): Pick<T, 'safeParse' | 'parse'> {
  let left = uses
  // the schema and the options of this parse: uncompiled and without fast paths while uses are left
  const parser = <P extends object | undefined>(params: P): [T, P] => {
    if (left > 0 && !compiled.has(schema)) {
      left--
      return [schema, { ...params, ...PARSED_ONCE } as P]
    }
    return [compiledSchema(schema), params]
  }
  return {
    safeParse: ((data, params) => {
      const [current, options] = parser(params)
      return current.safeParse(data, options)
    }) as T['safeParse'],
    parse: ((data, params) => {
      const [current, options] = parser(params)
      return current.parse(data, options)
    }) as T['parse'],
  }
}
