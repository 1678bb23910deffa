import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ConfigError } from '../errors.ts'
import { BASELINE_VERSION, BaselineSchema, schemaProblems, type Baseline, PARSED_ONCE } from '../schema/index.ts'
import { baselineJudgeOf, measuredInBaseline } from './baseline-judge.ts'
import type { BaselineAnswers } from './corpus-figures.ts'
import type { MeasuredSample } from './judge-statistics.ts'
import { keyMaskedJson, removeAbandonedTemporaries, writeFileAtomic } from '../store/index.ts'

/** Reads a baseline file; null when there is none. A file that does not parse is an error naming it. */
export async function loadBaseline(file: string, shownAs: string): Promise<Baseline | null> {
  // every run reads its baselines, and only -u writes them: what a killed write left is cleared here
  removeAbandonedTemporaries(dirname(file))
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(
      `${shownAs}: not valid JSON (${(error as Error).message}). Restore it from git, or rewrite it with "vitest run -u".`,
    )
  }
  const parsed = BaselineSchema.safeParse(json, PARSED_ONCE)
  if (!parsed.success) {
    throw new ConfigError(`${shownAs}: not a baseline file: ${schemaProblems(parsed.error)}. Rewrite it with "vitest run -u".`)
  }
  return parsed.data
}

/** What one model's run contributes to its baseline. */
export interface BaselineUpdate {
  model: string
  /** metric → sample id → score, for the samples scored in this run. */
  scores: ReadonlyMap<string, ReadonlyMap<string, number>>
  /** The samples its judge was measured on against human labels, by id: what its kappas and correlations are recomputed from. */
  judged?: ReadonlyMap<string, MeasuredSample>
  /** Every sample id the run declared, scored or not. */
  declared: ReadonlySet<string>
  /** For a benchmark with corpus metrics: each scored sample's answer and target, which they are recomputed from. */
  answers?: BaselineAnswers
}

// a scored sample's answer replaces its old one; a declared sample not scored now keeps its old one
function keptAnswers(
  fresh: BaselineAnswers | undefined,
  old: BaselineAnswers | undefined,
  declared: ReadonlySet<string>,
): BaselineAnswers | undefined {
  if (fresh === undefined) return undefined
  const kept: BaselineAnswers = { answer: {}, target: {} }
  for (const id of declared) {
    const from = id in fresh.answer ? fresh : old
    if (from === undefined || !(id in from.answer)) continue
    kept.answer[id] = from.answer[id]!
    if (from.target[id] !== undefined) kept.target[id] = from.target[id]
  }
  return Object.keys(kept.answer).length > 0 ? kept : undefined
}

/**
 * The baseline after `-u`: a sample this run scored takes its new scores; a declared sample it did not score (filtered
 * out, or errored) keeps its old ones; a sample the benchmark no longer declares is dropped. Other models stay.
 */
export function updateBaseline(existing: Baseline | null, benchmark: string, updates: readonly BaselineUpdate[]): Baseline {
  const models: Baseline['models'] = { ...existing?.models }
  for (const { model, scores, judged, declared, answers } of updates) {
    const scored = new Set([...scores.values()].flatMap((perSample) => [...perSample.keys()]))
    const old = existing?.models[model]?.metrics ?? {}
    const metrics: Record<string, Record<string, number>> = {}
    for (const metric of new Set([...scores.keys(), ...Object.keys(old)])) {
      const values: Record<string, number> = {}
      for (const id of declared) {
        const value = scored.has(id) ? scores.get(metric)?.get(id) : old[metric]?.[id]
        if (value !== undefined) values[id] = value
      }
      if (Object.keys(values).length > 0) metrics[metric] = values
    }
    const oldJudged = measuredInBaseline(existing?.models[model]?.judge)
    const keptJudged = new Map<string, MeasuredSample>()
    for (const id of declared) {
      const sample = scored.has(id) ? judged?.get(id) : oldJudged.get(id)
      if (sample !== undefined) keptJudged.set(id, sample)
    }
    const judge = baselineJudgeOf(keptJudged)
    const kept = keptAnswers(answers, existing?.models[model]?.answers, declared)
    models[model] = { metrics, ...(judge === undefined ? {} : { judge }), ...(kept === undefined ? {} : { answers: kept }) }
  }
  return { version: BASELINE_VERSION, benchmark, models }
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  )
}

/** The file's text: keys sorted, one entry per line, so the same scores always give the same bytes. */
export function serializeBaseline(baseline: Baseline): string {
  // a classification baseline holds each sample's answer, read from its reply
  return `${keyMaskedJson(sortKeys(BaselineSchema.parse(baseline, PARSED_ONCE)), 2)}\n`
}

/** Writes a baseline atomically: a reader never sees half a file. */
export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  await writeFileAtomic(file, serializeBaseline(baseline))
}
