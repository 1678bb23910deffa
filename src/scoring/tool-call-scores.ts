import type { Check } from '../schema/index.ts'

/**
 * The tool metrics of a sample's trajectory checks: `tool_call_accuracy`, 1 when every one passed; `tool_precision`,
 * the share of calls made that were paired with an expected call; `tool_recall`, the share of expected calls paired
 * with a call made. A share over no calls is not a figure: a sample that made no call has no precision.
 */
export function toolCallScores(checks: readonly Check[]): Record<string, number> {
  const counted = checks.filter((check) => check.toolCalls !== undefined)
  if (counted.length === 0) return {}
  const sum = (field: 'expected' | 'made' | 'matched'): number => counted.reduce((total, check) => total + check.toolCalls![field], 0)
  const [expected, made, matched] = [sum('expected'), sum('made'), sum('matched')]
  return {
    tool_call_accuracy: counted.every((check) => check.pass) ? 1 : 0,
    ...(made > 0 ? { tool_precision: matched / made } : {}),
    ...(expected > 0 ? { tool_recall: matched / expected } : {}),
  }
}
