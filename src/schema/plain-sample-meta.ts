import type { Check, SampleMeta } from './task-meta.ts'
import type { Usage } from './usage.ts'
import { isOptionalString, isPlainObject, isString, isTarget } from './plain-values.ts'

// The reporter reads every sample's record as it arrives: thousands of them, each through zod costing
// about 20 µs of the main process's time (its compiled parser included), more than the rest of the record's way to
// the report. Nearly every record has the same few plain fields, which are checked here by hand by the same rules;
// anything else (a judge's verdicts, a check's hint, an unknown key, a value in doubt) goes to zod, whose result and
// errors stay the reference. So this check may send a valid record to zod, never pass an invalid one.

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0
const isNonNegative = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0
const isOptionalNonNegative = (value: unknown): boolean => value === undefined || isNonNegative(value)
const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string'

const CHECK_KEYS = new Set(['matcher', 'kind', 'pass', 'target', 'extracted', 'passage', 'explanation', 'credit'])

function plainCheck(value: unknown): Check | undefined {
  if (!isPlainObject(value)) return undefined
  for (const key in value) if (!CHECK_KEYS.has(key)) return undefined
  const { matcher, kind, pass, target, extracted, passage, explanation, credit } = value
  if (!isString(matcher) || !isString(kind) || typeof pass !== 'boolean' || !isTarget(target) || !isString(explanation)) return undefined
  if (!isNullableString(extracted) || !isNullableString(passage)) return undefined
  if (credit !== undefined && !(isNonNegative(credit) && credit <= 1)) return undefined
  return value as Check
}

const USAGE_KEYS = new Set(['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens'])

// a copy in the schema's key order, as zod writes it: the report writes a sample's usage as it is
function plainUsage(value: unknown): Usage | undefined {
  if (!isPlainObject(value)) return undefined
  for (const key in value) if (!USAGE_KEYS.has(key)) return undefined
  const { inputTokens, outputTokens, reasoningTokens, cachedInputTokens } = value
  if (!isCount(inputTokens) || !isCount(outputTokens)) return undefined
  if ((reasoningTokens !== undefined && !isCount(reasoningTokens)) || (cachedInputTokens !== undefined && !isCount(cachedInputTokens)))
    return undefined
  const usage: Usage = { inputTokens, outputTokens }
  if (reasoningTokens !== undefined) usage.reasoningTokens = reasoningTokens
  if (cachedInputTokens !== undefined) usage.cachedInputTokens = cachedInputTokens
  return usage
}

function plainScores(value: unknown): Record<string, number> | undefined {
  if (!isPlainObject(value)) return undefined
  const scores: Record<string, number> = {}
  for (const key in value) {
    const score = value[key]
    if (typeof score !== 'number' || !Number.isFinite(score)) return undefined
    scores[key] = score
  }
  return scores
}

const STATUSES = new Set(['pending', 'scored', 'errored'])
const NOT_RUN = new Set(['cost-limit', 'early-stop'])
const STRINGS = ['subset', 'input', 'output', 'trajectory', 'error'] as const
const DURATIONS = ['latencyMs', 'ttftMs', 'costUsd'] as const
const SAMPLE_KEYS = new Set<string>([
  'kind',
  'sampleId',
  'attempt',
  'status',
  'scores',
  'checks',
  'target',
  'replayed',
  'usage',
  'notRun',
  // left to zod unless undefined, as a test that records none leaves them
  'judge',
  'choiceLogprobs',
  ...STRINGS,
  ...DURATIONS,
])

/** The record as `SampleMetaSchema` reads it, when it has the common plain shape and is valid; otherwise undefined. */
export function plainSampleMeta(entry: unknown): SampleMeta | undefined {
  if (!isPlainObject(entry)) return undefined
  for (const key in entry) if (!SAMPLE_KEYS.has(key)) return undefined
  if (entry.judge !== undefined || entry.choiceLogprobs !== undefined) return undefined
  if (entry.kind !== 'sample' || !isString(entry.sampleId) || !STATUSES.has(entry.status as string)) return undefined
  if (entry.attempt !== undefined && !isCount(entry.attempt)) return undefined
  for (const key of STRINGS) if (!isOptionalString(entry[key])) return undefined
  for (const key of DURATIONS) if (!isOptionalNonNegative(entry[key])) return undefined
  if (entry.target !== undefined && !isTarget(entry.target)) return undefined
  if (entry.replayed !== undefined && entry.replayed !== true) return undefined
  if (entry.notRun !== undefined && !NOT_RUN.has(entry.notRun as string)) return undefined
  const meta = { ...entry } as SampleMeta
  if (entry.scores !== undefined) {
    const scores = plainScores(entry.scores)
    if (scores === undefined) return undefined
    meta.scores = scores
  }
  if (entry.checks !== undefined) {
    if (!Array.isArray(entry.checks)) return undefined
    const checks: Check[] = []
    for (const value of entry.checks) {
      const check = plainCheck(value)
      if (check === undefined) return undefined
      checks.push(check)
    }
    meta.checks = checks
  }
  if (entry.usage !== undefined) {
    const usage = plainUsage(entry.usage)
    if (usage === undefined) return undefined
    meta.usage = usage
  }
  return meta
}
