import { textWidth } from './text-width.ts'
import { type Check, escapeControlCharacters, type Report, sampleLabel, shortList } from '../schema/index.ts'
import { idList } from './id-list.ts'

type SampleRow = Report['samples'][number]

// wrong samples shown one per line, per benchmark; the rest are counted and named
const SHOWN_WRONG = 3
const SHOWN_TARGETS = 3
// a value longer than this is quoted and cut, so the passage keeps most of the line
const VALUE_WIDTH = 40
// what a passage or reply keeps however narrow the terminal
const MIN_TEXT_WIDTH = 24
const JUDGE_NAME_WIDTH = 32
const REASONING_WIDTH = 48

const isPlain = (text: string): boolean =>
  text.length <= VALUE_WIDTH && /^[\p{L}\p{N}.,%$€£¥+#/-]+$/u.test(text) && !/^[.,]|[.,]$/.test(text)

// the text's characters as shown, each control character written out as one piece, so no cut falls inside one
function pieces(text: string): string[] {
  return Array.from(text, escapeControlCharacters)
}

function widthOf(shown: readonly string[]): number {
  let width = 0
  for (const piece of shown) width += textWidth(piece)
  return width
}

// as many pieces as fit in `budget` columns, from the start of `from`
function fitting(from: Iterable<string>, budget: number): string[] {
  const kept: string[] = []
  for (const piece of from) {
    const width = textWidth(piece)
    if (width > budget) break
    kept.push(piece)
    budget -= width
  }
  return kept
}

/**
 * A text in double quotes within `width` columns. A text too long keeps its start and end around … (a reply, whose
 * answer is usually at its end), or, given `focus` (the index of the answer in a passage), the part around it with …
 * on each side that was cut. A bare number or word is shown as itself.
 */
function quoted(text: string, width: number, focus?: number): string {
  if (isPlain(text)) return text
  const shown = pieces(text)
  const room = Math.max(width, MIN_TEXT_WIDTH) - 2
  if (widthOf(shown) <= room) return `"${shown.join('')}"`
  if (focus === undefined) {
    const head = fitting(shown, Math.ceil((room - 1) / 2))
    const tail = fitting([...shown].reverse(), Math.floor((room - 1) / 2)).reverse()
    return `"${head.join('')}…${tail.join('')}"`
  }
  // a window of `room - 2` columns (an … on each side) starting half of it before the answer, moved in from the ends
  const at = Array.from(text.slice(0, focus)).length
  const inner = room - 2
  let from = at
  let before = 0
  while (from > 0 && before + textWidth(shown[from - 1]!) <= inner / 2) before += textWidth(shown[--from]!)
  let window = fitting(shown.slice(from), inner)
  while (from + window.length === shown.length && from > 0 && widthOf(window) + textWidth(shown[from - 1]!) <= inner)
    window = [shown[--from]!, ...window]
  return `"${from > 0 ? '…' : ''}${window.join('')}${from + window.length < shown.length ? '…' : ''}"`
}

// one target, or the first few of a list of accepted answers
function targetText(target: Check['target']): string {
  if (typeof target === 'string') return quoted(target, VALUE_WIDTH)
  return shortList(
    target.map((t) => quoted(t, VALUE_WIDTH)),
    SHOWN_TARGETS,
    ' or ',
  )
}

// where the answer read is in its passage: the passage holds the match with some context before it ("…" when cut)
function answerIn(passage: string, extracted: string | null): number | undefined {
  if (extracted === null || extracted === '') return undefined
  const found = passage.indexOf(extracted, passage.startsWith('…') ? 1 : 0)
  return found < 0 ? undefined : found
}

// target, what was read and from which passage, and the kind that read it; the passage (the reply an exact check
// read whole, or the reply in which nothing was read) takes what the line has left
function checkLine(start: string, check: Check, width: number, output: string | undefined): string {
  const target = `target ${targetText(check.target)}`
  const kind = ` (${check.kind})`
  const passage = check.passage !== null && check.passage !== check.extracted ? check.passage : null
  const fixed = textWidth(`${start}${target}, read `) + kind.length
  if (passage === null && check.extracted === null && output !== undefined) {
    return `${start}${target}, read nothing in ${quoted(output, width - fixed - 'nothing in '.length)}${kind}`
  }
  if (passage === null) {
    const read = check.extracted === null ? 'nothing' : quoted(check.extracted, width - fixed)
    return `${start}${target}, read ${read}${kind}`
  }
  const read = check.extracted === null ? 'nothing' : quoted(check.extracted, VALUE_WIDTH)
  const from = quoted(passage, width - fixed - read.length - ' from '.length, answerIn(passage, check.extracted))
  return `${start}${target}, read ${read} from ${from}${kind}`
}

// a loop cut by its step limit: the steps of its last turn (a conversation's earlier turns had their own limit)
function maxStepsText(row: SampleRow): string {
  const trajectory = row.trajectory
  if (trajectory?.ended !== 'max-steps') return ''
  const turn = trajectory.steps.at(-1)?.turn
  return `, stopped at maxSteps (${trajectory.steps.filter((step) => step.turn === turn).length})`
}

// the line of a wrong sample; when its tool loop hit maxSteps, it says so at the end, and the rest of the line keeps
// to the columns left
function sampleLine(start: string, row: SampleRow, width: number): string {
  const stopped = maxStepsText(row)
  return `${failureLine(start, row, width - stopped.length)}${stopped}`
}

function failureLine(start: string, row: SampleRow, width: number): string {
  const judged = row.judge?.filter((record) => record.pass === false).at(-1)
  if (judged !== undefined) {
    const why = judged.reasoning ?? judged.reason
    // a judge may be given a long name: only a short one is named, and only where its reasoning keeps room to say more
    const name = ` "${pieces(judged.name).join('')}"`
    const roomWith = (named: string): number => width - textWidth(`${start}the judge${named} failed the output: `)
    const named = judged.name.length <= JUDGE_NAME_WIDTH && (why === undefined || roomWith(name) >= REASONING_WIDTH) ? name : ''
    const by = judged.status === 'skipped' ? 'a rule' : `the judge${named}`
    const line = `${start}${by} failed the output`
    return why === undefined ? line : `${line}: ${quoted(why, width - textWidth(line) - 2)}`
  }
  const check = row.checks?.find((c) => !c.pass)
  if (check === undefined) return `${start}the scorer returned a failing verdict`
  // a program's run is told by how it ended and the end of its traceback, a trajectory by where it left the expected
  // calls, not by a target and an answer read
  if (check.kind === 'code' || check.kind === 'trajectory') {
    return `${start}${quoted(check.explanation, width - textWidth(start) - ` (${check.kind})`.length)} (${check.kind})`
  }
  return checkLine(start, check, width, row.output)
}

function labelOf(row: SampleRow): string {
  return escapeControlCharacters(sampleLabel(row.id, row.attempt))
}

// the wrong replies that hold the target in a form another answer option reads, by that option
function hintLines(benchmark: string, wrong: readonly SampleRow[]): string[] {
  const byAnswer = new Map<string, { count: number; matcher: string }>()
  for (const row of wrong) {
    const failed = row.checks?.find((c) => !c.pass)
    if (failed?.hint === undefined) continue
    const seen = byAnswer.get(failed.hint.answer)
    if (seen) seen.count++
    else byAnswer.set(failed.hint.answer, { count: 1, matcher: failed.matcher })
  }
  return [...byAnswer].map(([answer, { count, matcher }]) => {
    const who =
      count === wrong.length
        ? count === 1
          ? 'the wrong reply holds'
          : `all ${count} wrong replies hold`
        : `${count} of the ${wrong.length} wrong replies ${count === 1 ? 'holds' : 'hold'}`
    const option = matcher === 'default scorer' ? `answer: ${answer}` : `toMatchAnswer(target, ${answer})`
    return `  ${benchmark}: note: ${who} the target in another form: ${option} would score ${count === 1 ? 'it' : 'them'} right`
  })
}

/**
 * The wrong samples of a benchmark: the first few with target, what was read, from which passage and by which kind,
 * one line each within `width` columns (passages cut with …), the rest counted, then a note for wrong replies that
 * hold the target in a form another answer option reads. Every text is written with its control characters visible.
 */
export function wrongSampleLines(report: Report, width: number): string[] {
  const wrong = report.samples.filter((row) => row.status === 'wrong')
  if (wrong.length === 0) return []
  const benchmark = escapeControlCharacters(report.benchmark)
  const hints = hintLines(benchmark, wrong)
  if (wrong.length === 1) return [sampleLine(`  ${benchmark}: 1 wrong: ${labelOf(wrong[0]!)}: `, wrong[0]!, width), ...hints]
  const lines = [
    `  ${benchmark}: ${wrong.length} wrong:`,
    ...wrong.slice(0, SHOWN_WRONG).map((row) => sampleLine(`    ${labelOf(row)}: `, row, width)),
  ]
  const rest = wrong.slice(SHOWN_WRONG)
  if (rest.length > 0) lines.push(`    and ${rest.length} more (${idList(rest.map(labelOf))})`)
  return [...lines, ...hints]
}
