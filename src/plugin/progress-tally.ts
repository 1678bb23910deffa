/** What a long run has done so far, for the progress line. */
export interface ProgressTally {
  /** Samples Vitest will run, as far as collection has got. */
  total: number
  done: number
  errored: number
  inputTokens: number
  outputTokens: number
  costUsd: number
  /** The judges', apart from the model under test's. */
  judge: { inputTokens: number; outputTokens: number; costUsd: number }
}

/** A tally with nothing counted yet. */
export function emptyTally(): ProgressTally {
  return {
    total: 0,
    done: 0,
    errored: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    judge: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
  }
}

const fieldOf = (record: unknown, field: string): unknown =>
  typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[field] : undefined

// a field of a record as a count: the progress line sums what the workers wrote, and a value that is not a finite
// number counts as none (the report's own reading of the record, at the end of the run, is the schema's)
function countOf(record: unknown, field: string): number {
  const value = fieldOf(record, field)
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/**
 * Counts one finished sample's record (its task meta, as the worker wrote it) into the tally. Read field by field, not
 * parsed: a parse a sample cost more CPU in the main process than all else the progress line does.
 */
export function countSample(tally: ProgressTally, meta: unknown, failedWithError: boolean): void {
  tally.done += 1
  // a sample the cost limit left out was not run, which is no error
  if (fieldOf(meta, 'notRun') === undefined && (fieldOf(meta, 'status') !== 'scored' || failedWithError)) tally.errored += 1
  const usage = fieldOf(meta, 'usage')
  tally.inputTokens += countOf(usage, 'inputTokens')
  tally.outputTokens += countOf(usage, 'outputTokens')
  tally.costUsd += countOf(meta, 'costUsd')
  const judged = fieldOf(meta, 'judge')
  for (const record of Array.isArray(judged) ? (judged as unknown[]) : []) {
    const judgeUsage = fieldOf(record, 'usage')
    tally.judge.inputTokens += countOf(judgeUsage, 'inputTokens')
    tally.judge.outputTokens += countOf(judgeUsage, 'outputTokens')
    tally.judge.costUsd += countOf(record, 'costUsd')
  }
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`
}

function count(value: number): string {
  if (value < 1000) return String(value)
  if (value < 1_000_000) return `${(value / 1000).toFixed(1)}k`
  return `${(value / 1_000_000).toFixed(2)}M`
}

function spending(usage: { inputTokens: number; outputTokens: number; costUsd: number }): string[] {
  const parts: string[] = []
  if (usage.inputTokens + usage.outputTokens > 0) parts.push(`${count(usage.inputTokens)} in / ${count(usage.outputTokens)} out tokens`)
  if (usage.costUsd > 0) parts.push(`$${usage.costUsd.toFixed(usage.costUsd < 1 ? 4 : 2)}`)
  return parts
}

/** One line of plain text: samples done of total, errors, elapsed, ETA, tokens and cost so far, the judges' apart. */
export function progressLine(tally: ProgressTally, elapsedMs: number): string {
  const total = Math.max(tally.total, tally.done)
  const percent = total === 0 ? 0 : Math.floor((tally.done / total) * 100)
  const parts = [`evalsuite ${tally.done}/${total} samples (${percent}%)`]
  if (tally.errored > 0) parts.push(`${tally.errored} errored`)
  parts.push(`${duration(elapsedMs)} elapsed`)
  // the rate so far predicts the rest; with nothing done yet there is no rate to go on
  if (tally.done > 0 && tally.done < total) parts.push(`ETA ${duration((elapsedMs / tally.done) * (total - tally.done))}`)
  parts.push(...spending(tally))
  const judge = spending(tally.judge)
  if (judge.length > 0) parts.push(`judge ${judge.join(', ')}`)
  return parts.join(' · ')
}
