import { matchToolCalls } from '../../../src/agent/index.ts'
import { bfclExpectedCalls } from '../../../src/benchmarks/bfcl/bfcl-expected.ts'
import { bfclSample, BfclMetadataSchema } from '../../../src/benchmarks/bfcl/bfcl-sample.ts'
import { parseGroundTruth, type BfclCategory } from '../../../src/benchmarks/bfcl/bfcl-data.ts'
import { toolName } from '../../../src/benchmarks/bfcl/bfcl-functions.ts'
import type { BfclMetadata } from '../../../src/benchmarks/bfcl/bfcl-sample.ts'
import { pythonText, type PythonValue } from '../../../src/benchmarks/bfcl/python-value.ts'
import type { Trajectory } from '../../../src/schema/index.ts'

/** A BFCL question of one function, written as the data files write it. */
export function question(id: string, functions: unknown[]): Record<string, unknown> {
  return { id, question: [[{ role: 'user', content: 'Do it.' }]], function: functions }
}

/** The trajectory of a model that answered with these calls, each `[name, arguments as written]`. */
export function answered(...calls: Array<[name: string, rawArguments: string]>): Trajectory {
  const toolCalls = calls.map(([name, rawArguments], index) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(rawArguments)
    } catch {
      return { id: `c${index}`, name, arguments: undefined, rawArguments, error: 'not JSON' }
    }
    return { id: `c${index}`, name, arguments: parsed, rawArguments }
  })
  return { steps: [{ text: '', toolCalls, toolResults: [], latencyMs: 1 }], ended: toolCalls.length > 0 ? 'tool-calls' : 'reply' }
}

/**
 * How BFCL's scorer judges the calls: "right", or where they left the possible answer (its ground truth as the
 * answer file writes it, in JSON text where the numbers' form counts).
 */
export function judged(
  record: Record<string, unknown>,
  groundTruth: unknown[] | string | undefined,
  trajectory: Trajectory,
  category: BfclCategory = 'simple',
): string {
  const truth = typeof groundTruth === 'string' ? groundTruth : JSON.stringify(groundTruth)
  const answers =
    groundTruth === undefined
      ? undefined
      : new Map([[record.id as string, `{"id": ${JSON.stringify(record.id)}, "ground_truth": ${truth}}`]])
  const sample = bfclSample(record, category, answers)
  const match = matchToolCalls(trajectory, bfclExpectedCalls(BfclMetadataSchema.parse(sample.metadata)), { order: 'any', extra: 'forbid' })
  return match.pass ? 'right' : match.explanation
}

const isOmitted = (value: PythonValue): boolean => value.type === 'str' && value.value === ''

// a value the acceptable values describe: a dict's keys (and the dicts of a list) are themselves lists of acceptable
// values, of which the first is taken, a key that may be left out being left out
function instance(value: PythonValue, type: string | undefined): PythonValue {
  if (type === 'dict' && value.type === 'dict') {
    const entries = [...value.entries].flatMap(([key, listed]): Array<[string, PythonValue]> => {
      const values = listed.type === 'list' ? listed.items : [listed]
      return values.some(isOmitted) ? [] : [[key, values[0]!]]
    })
    return { type: 'dict', entries: new Map(entries) }
  }
  if (type === 'array' && value.type === 'list')
    return { type: 'list', items: value.items.map((item) => instance(item, item.type === 'dict' ? 'dict' : undefined)) }
  return value
}

// the calls of the possible answer, each parameter given its first acceptable value (left out when it may be),
// written as JSON text that keeps each number's form
export function answerCalls(metadata: BfclMetadata): Array<[string, Array<[string, string]>]> {
  return parseGroundTruth(metadata.answer!).map(({ name, parameters }) => {
    const fn = metadata.functions.find((candidate) => candidate.name === name)!
    const args = [...parameters].flatMap(([param, values]): Array<[string, string]> =>
      values.some(isOmitted) ? [] : [[param, pythonText(instance(values[0]!, fn.parameters.properties[param]?.type))]],
    )
    return [toolName(name), args]
  })
}

/** Arguments as JSON text, each value already written. */
export const written = (args: Array<[string, string]>): string =>
  `{${args.map(([param, value]) => `${JSON.stringify(param)}: ${value}`).join(', ')}}`
