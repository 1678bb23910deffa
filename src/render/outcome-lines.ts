import { escapeControlCharacters, type Report, shortList } from '../schema/index.ts'
import type { RunOutcome } from '../gates/index.ts'
import { shardLabel } from '../records/index.ts'

const SHOWN_NAMES = 3

function benchmarks(count: number): string {
  return count === 1 ? '1 benchmark' : `${count} benchmarks`
}

function names(reports: readonly Report[]): string[] {
  return [...new Set(reports.map((report) => report.benchmark))]
}

// "shard 1 of 2 of "gsm8k", "mmlu"": which shards the run holds, grouped, with a few names each
function heldShards(reports: readonly Report[]): string {
  const byShard = new Map<string, Report[]>()
  for (const report of reports) {
    const label = shardLabel(report.shards!)
    byShard.set(label, [...(byShard.get(label) ?? []), report])
  }
  return [...byShard]
    .map(([label, group]) => {
      return `${label} of ${shortList(
        names(group).map((name) => `"${escapeControlCharacters(name)}"`),
        SHOWN_NAMES,
      )}`
    })
    .join('; ')
}

/**
 * The run's closing lines: PASS or FAIL with its reasons, and, for benchmarks the run holds only a shard of, that
 * their gates were not evaluated: the merged run evaluates them, and only real errors fail a shard's run.
 */
export function outcomeLines(verdict: RunOutcome, reports: readonly Report[], outputDir: string): string {
  const wrong = reports.reduce((sum, report) => sum + report.counts.wrong, 0)
  const wrongNote = wrong > 0 ? `; ${wrong} wrong answer(s) are data, not failures` : ''
  const where = `Reports in ${escapeControlCharacters(outputDir)}/`
  const { notJudged } = verdict
  const partial = names(notJudged).length
  const merged = `the merged run (--merge-reports) evaluates ${partial === 1 ? 'its' : 'their'} gates`
  if (!verdict.passed) {
    const note = partial === 0 ? '' : `\n Not evaluated (${heldShards(notJudged)}): ${merged}.`
    return `\n evalsuite: FAIL\n${verdict.reasons.map((r) => `   - ${escapeControlCharacters(r)}`).join('\n')}${note}\n ${where}\n`
  }
  if (partial === 0) return `\n evalsuite: PASS, every gate held${wrongNote}. ${where}\n`
  const whole = names(reports.filter((report) => !notJudged.includes(report))).length
  if (whole === 0)
    return `\n evalsuite: no gate evaluated in this shard run (${heldShards(notJudged)}); ${merged}. No real error${wrongNote}. ${where}\n`
  return `\n evalsuite: PASS, every gate held in ${benchmarks(whole)} run whole; ${benchmarks(partial)} not evaluated (${heldShards(notJudged)}): ${merged}${wrongNote}. ${where}\n`
}
