import { ConfigError } from '../errors.ts'
import { compiledSchema } from './compiled.ts'
import { REPORT_VERSION, ReportSchema, type Report } from './report.ts'
import { schemaProblems } from './schema-problems.ts'
import { shownValue } from './shown-value.ts'

/** The oldest report version `parseReport` reads: the one before the fields took the names of the options. */
const OLDEST_READ = 6

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

// a field moved to its new name, its value as it was
function renamed(object: Json, from: string, to: string): Json {
  if (!(from in object)) return object
  const { [from]: value, ...rest } = object
  return { ...rest, [to]: value }
}

/**
 * Version 6 named the cost limit `budget` (its `maxCost` as `maxCostUsd`), the error allowance `errorBudget`, a gate
 * left to the merged run `not-judged`, and a sample the cost limit left out `notRun: "budget"`; the fields are the
 * same otherwise.
 */
function fromVersion6(report: Json): Json {
  const { budget, errorBudget, ...rest } = report
  return {
    ...rest,
    version: REPORT_VERSION,
    errorAllowance: errorBudget,
    ...(budget === undefined ? {} : { costLimit: isObject(budget) ? renamed(budget, 'maxCostUsd', 'maxCost') : budget }),
    gates: Array.isArray(report.gates)
      ? report.gates.map((gate: unknown) =>
          isObject(gate) && gate.outcome === 'not-judged' ? { ...gate, outcome: 'not-evaluated' } : gate,
        )
      : report.gates,
    samples: Array.isArray(report.samples)
      ? report.samples.map((row: unknown) => (isObject(row) && row.notRun === 'budget' ? { ...row, notRun: 'cost-limit' } : row))
      : report.samples,
  }
}

/**
 * A report file's JSON, of this version or of an older one this version still reads, under this version's names:
 * for tools that read the reports of several evalsuite versions, such as a dashboard over a history of runs.
 */
export function parseReport(json: unknown): Report {
  const version = isObject(json) ? json.version : undefined
  if (version !== REPORT_VERSION && version !== OLDEST_READ) {
    throw new ConfigError(
      `An evalsuite report of version ${shownValue(version)}: this evalsuite reads versions ${OLDEST_READ} and ${REPORT_VERSION}. Write it again with this evalsuite (vitest run evals).`,
    )
  }
  const parsed = compiledSchema(ReportSchema).safeParse(version === OLDEST_READ ? fromVersion6(json as Json) : json)
  if (parsed.success) return parsed.data
  throw new ConfigError(`An evalsuite report of version ${version} is malformed: ${schemaProblems(parsed.error)}.`)
}
