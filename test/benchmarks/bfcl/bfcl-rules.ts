import { matchToolCalls } from '../../../src/agent/index.ts'
import { bfclExpectedCalls } from '../../../src/benchmarks/bfcl/bfcl-expected.ts'
import { bfclSample, BfclMetadataSchema } from '../../../src/benchmarks/bfcl/bfcl-sample.ts'
import type { BfclCategory } from '../../../src/benchmarks/bfcl/bfcl-data.ts'
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
export function judged(record: Record<string, unknown>, groundTruth: unknown[] | string | undefined, trajectory: Trajectory, category: BfclCategory = 'simple'): string {
  const truth = typeof groundTruth === 'string' ? groundTruth : JSON.stringify(groundTruth)
  const answers = groundTruth === undefined ? undefined : new Map([[record.id as string, `{"id": ${JSON.stringify(record.id)}, "ground_truth": ${truth}}`]])
  const sample = bfclSample(record, category, answers)
  const match = matchToolCalls(trajectory, bfclExpectedCalls(BfclMetadataSchema.parse(sample.metadata)), { order: 'any', extra: 'forbid' })
  return match.pass ? 'right' : match.explanation
}
