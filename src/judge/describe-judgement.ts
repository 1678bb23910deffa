import type { JudgeRecord } from '../schema/index.ts'

const SHOWN_REASONING = 600

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > SHOWN_REASONING ? `${flat.slice(0, SHOWN_REASONING - 1)}…` : flat
}

/** A judgement in one line for a Vitest annotation, and the annotation's type. */
export function describeJudgement(record: JudgeRecord): { message: string; type: string } {
  if (record.status === 'skipped') {
    return { message: `rule (no judge called): ${record.pass ? 'pass' : 'fail'}, score ${record.score} — ${record.reason}`, type: 'rule' }
  }
  const judges = record.judges.join(', ')
  if (record.status === 'invalid') {
    const fallback = record.fallback ? "; the rule's score stands in" : ''
    return { message: `judge ${judges}: no valid verdict (${record.reason})${fallback}`, type: 'judge' }
  }
  const label = record.label === undefined ? '' : ` "${record.label}"`
  const verdict = `${record.pass ? 'pass' : 'fail'}${label}, score ${Number(record.score!.toFixed(3))}`
  const reasoning = record.reasoning ? ` — ${shorten(record.reasoning)}` : ''
  return { message: `judge ${judges} ("${record.name}"): ${verdict}${reasoning}`, type: 'judge' }
}
