/**
 * Writes `fixtures/real/`: small slices of the full public data that the tests read in place of it. Each slice keeps
 * every row where a grader's reading is subtle (found by reading the full data with evalsuite's scorers, capped per
 * kind) plus a seeded random sample, so the same data always gives the same slices. Run it after changing what a
 * slice should hold: `npm run fixtures:real` (reads the data folder as the fidelity benchmark does).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'csv-parse/sync'
import { seededShuffle } from '../src/random/index.ts'
import { matchChoice, matchMath, matchNumber } from '../src/index.ts'
import { fullDataPath, readFullJsonl } from './full-data.ts'
import { sliceBfcl } from './slice-bfcl.ts'
import { sliceLlmbar } from './slice-llmbar.ts'

const OUT = fileURLToPath(new URL('../fixtures/real/', import.meta.url))
const SEED = 'fixtures/real'

/** Up to `cap` of the keys, in a seeded order, so a large kind of subtle row cannot crowd out the rest. */
function capped<T>(keys: Iterable<T>, cap: number, seed: string): T[] {
  return seededShuffle([...new Set(keys)], `${SEED}:${seed}`).slice(0, cap)
}

function writeJsonl(relativePath: string, rows: readonly unknown[]): void {
  const path = join(OUT, relativePath)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, rows.map((row) => `${JSON.stringify(row)}\n`).join(''))
}

function copyLicence(dataset: string, name: string): void {
  mkdirSync(join(OUT, dataset), { recursive: true })
  copyFileSync(fullDataPath(`${dataset}/${name}`), join(OUT, dataset, name))
}

/** Adds to `chosen` the keys of `random` not yet in it until it holds `total`. */
function fillTo<T>(chosen: Set<T>, all: readonly T[], total: number, seed: string): void {
  for (const key of seededShuffle(all, `${SEED}:${seed}`)) {
    if (chosen.size >= total) return
    chosen.add(key)
  }
}

const GSM8K_MODELS = ['6b_finetuning', '6b_verification', '175b_finetuning', '175b_verification'] as const

function sliceGsm8k(): void {
  const test = readFullJsonl<{ question: string; answer: string }>('gsm8k/test.jsonl')
  const solutions = readFullJsonl<{ question: string } & Record<(typeof GSM8K_MODELS)[number], { solution: string; is_correct: boolean }>>(
    'gsm8k/example_model_solutions.jsonl',
  )
  const gold = new Map(test.map((row) => [row.question, row.answer.split('####').at(-1)?.trim() ?? '']))
  const separated = test.filter((row) => /#### -?\d{1,3}(,\d{3})+$/.test(row.answer)).map((row) => row.question)
  // subtle: the reply's "A:" line is not a plain integer, or the default reading and the "A:" marker disagree
  const subtle = solutions
    .filter((row) =>
      GSM8K_MODELS.some((model) => {
        const { solution } = row[model]
        const marked = /A:\s*(\S+)\s*$/.exec(solution)?.[1]
        const byDefault = matchNumber(solution, gold.get(row.question) ?? '0').extracted
        const byMarker = matchNumber(solution, gold.get(row.question) ?? '0', { marker: 'A:' }).extracted
        return byDefault !== byMarker || marked === undefined || !/^-?\d+$/.test(marked)
      }),
    )
    .map((row) => row.question)
  const chosen = new Set([...test.slice(0, 8).map((row) => row.question), ...separated, ...capped(subtle, 40, 'gsm8k')])
  fillTo(
    chosen,
    test.map((row) => row.question),
    chosen.size + 40,
    'gsm8k-random',
  )
  writeJsonl(
    'gsm8k/test.jsonl',
    test.filter((row) => chosen.has(row.question)),
  )
  writeJsonl(
    'gsm8k/example_model_solutions.jsonl',
    solutions.filter((row) => chosen.has(row.question)),
  )
  copyLicence('gsm8k', 'LICENSE.MIT')
  console.log(
    `gsm8k: ${chosen.size} questions (${separated.length} with thousands separators, ${Math.min(subtle.length, 40)} of ${subtle.length} subtle readings)`,
  )
}

const MMLU_PRO_MODELS = ['Meta-Llama-3_1-8B-Instruct', 'jamba-1.5-large', 'gemini-1.5-pro-002']

interface MmluProQuestion {
  question_id: number
  options: string[]
  category: string
}

interface MmluProOutput {
  question_id: number
  answer: string
  pred: string | null
  completion: string
}

/** The kind of reading a reply needs, or null for the plain first-pattern case. */
function mmluProKind(row: MmluProOutput, options: readonly string[]): string | null {
  const official = matchChoice(row.completion, row.answer, { protocol: 'mmlu-pro' })
  const step = /MMLU-Pro step (\d)/.exec(official.explanation)?.[1]
  if (step === undefined) return row.pred === null ? 'no pattern, pred null' : 'no pattern, pred a random letter'
  if (step !== '1') return `official step ${step}`
  const ours = matchChoice(row.completion, row.answer, { choices: [...options] })
  if (ours.extracted === official.extracted) return null
  return ours.explanation.startsWith('the reply commits to conflicting')
    ? 'conflicting letters'
    : `default reading differs: ${ours.extracted === null ? 'unanswered' : 'another letter'}`
}

function sliceMmluPro(): void {
  const questions = readFullJsonl<MmluProQuestion>('mmlu_pro/test.jsonl')
  const byId = new Map(questions.map((q) => [q.question_id, q]))
  const outputs = new Map(MMLU_PRO_MODELS.map((model) => [model, readFullJsonl<MmluProOutput>(`mmlu_pro/outputs/${model}.jsonl`)]))
  const kinds = new Map<string, number[]>()
  for (const [model, rows] of outputs)
    for (const row of rows) {
      const kind = mmluProKind(row, byId.get(row.question_id)?.options ?? [])
      if (kind !== null) kinds.set(`${model}: ${kind}`, [...(kinds.get(`${model}: ${kind}`) ?? []), row.question_id])
    }
  const chosen = new Set<number>([questions[0]!.question_id, questions.at(-1)!.question_id])
  for (const [kind, ids] of [...kinds].sort()) for (const id of capped(ids, 8, kind)) chosen.add(id)
  // every category and every number of options at least once
  for (const key of [(q: MmluProQuestion) => q.category, (q: MmluProQuestion) => String(q.options.length)]) {
    const seen = new Set([...chosen].map((id) => key(byId.get(id)!)))
    for (const q of seededShuffle(questions, `${SEED}:mmlu-pro-cover`)) {
      if (seen.has(key(q))) continue
      seen.add(key(q))
      chosen.add(q.question_id)
    }
  }
  const subtle = chosen.size
  fillTo(
    chosen,
    questions.map((q) => q.question_id),
    subtle + 200,
    'mmlu-pro-random',
  )
  writeJsonl(
    'mmlu_pro/test.jsonl',
    questions.filter((q) => chosen.has(q.question_id)),
  )
  for (const [model, rows] of outputs)
    writeJsonl(
      `mmlu_pro/outputs/${model}.jsonl`,
      rows.filter((row) => chosen.has(row.question_id)),
    )
  copyLicence('mmlu_pro', 'LICENSE.github-repo.Apache-2.0')
  console.log(`mmlu_pro: ${chosen.size} questions (${subtle} chosen for their readings or coverage)`)
  for (const [kind, ids] of [...kinds].sort()) console.log(`    ${kind}: ${ids.length} in the full data`)
}

/** The first `count` records of a CSV file, as written (a record may span lines). */
function firstCsvRecords(text: string, count: number): string {
  // csv-parse's types leave out the shape its documented `raw` option gives each record
  const records = parse(text, { raw: true, relax_quotes: true, relax_column_count: true, to: count }) as unknown as { raw: string }[]
  return records.map((record) => record.raw).join('')
}

function sliceMmlu(): void {
  const keep = { dev: Infinity, val: 3, test: 4 }
  for (const [split, count] of Object.entries(keep)) {
    const dir = fullDataPath(`mmlu/${split}`)
    mkdirSync(join(OUT, 'mmlu', split), { recursive: true })
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.csv'))) {
      const text = readFileSync(join(dir, file), 'utf8')
      // college_medicine's val file holds a stray quote inside an unquoted field that the tests read
      const whole = count === Infinity || file === 'college_medicine_val.csv'
      writeFileSync(join(OUT, 'mmlu', split, file), whole ? text : firstCsvRecords(text, count))
    }
  }
  copyLicence('mmlu', 'LICENSE.hendrycks-test.MIT')
  console.log(`mmlu: dev whole, the first ${keep.val} val and ${keep.test} test questions of each subject`)
}

function sliceMath500(): void {
  const rows = readFullJsonl<{ unique_id: string; subject: string; level: number; solution: string; answer: string }>('math500/test.jsonl')
  const unread = rows.filter((row) => !matchMath(row.solution, row.answer).pass).map((row) => row.unique_id)
  const chosen = new Set([rows[0]!.unique_id, ...unread])
  const cells = new Set<string>()
  for (const row of seededShuffle(rows, `${SEED}:math500-cover`)) {
    const subjectLevel = `${row.subject} ${row.level}`
    if (cells.has(subjectLevel)) continue
    cells.add(subjectLevel)
    chosen.add(row.unique_id)
  }
  fillTo(
    chosen,
    rows.map((row) => row.unique_id),
    120,
    'math500-random',
  )
  writeJsonl(
    'math500/test.jsonl',
    rows.filter((row) => chosen.has(row.unique_id)),
  )
  copyLicence('math500', 'LICENSE.prm800k.MIT')
  console.log(`math500: ${chosen.size} problems (${unread.length} reference solution(s) not read as right, every subject × level)`)
}

function sliceMathCot(): void {
  const problems = readFullJsonl<{
    idx: number
    question: string
    gt: string
    level: string
    code: string[]
    pred: string[]
    score: boolean[]
  }>('math_cot/math_cot_100.jsonl')
  const normal = (text: string): string => text.replace(/\s+/g, '')
  // subtle: we disagree with the official verdict, or read another text than the official extraction
  const disagree = problems.filter((p) => p.code.some((reply, i) => matchMath(reply, p.gt).pass !== p.score[i])).map((p) => p.idx)
  const readOtherwise = problems
    .filter((p) => p.code.some((reply, i) => normal(matchMath(reply, p.gt).extracted ?? '') !== normal(p.pred[i] ?? '')))
    .map((p) => p.idx)
  const chosen = new Set([...disagree, ...capped(readOtherwise, 10, 'math-cot')])
  fillTo(
    chosen,
    problems.map((p) => p.idx),
    40,
    'math-cot-random',
  )
  // the fields the tests read; the original rows also carry the prompt, the history and the raw responses
  const projected = problems
    .filter((p) => chosen.has(p.idx))
    .map(({ idx, question, gt, level, code, pred, score }) => ({ idx, question, gt, level, code, pred, score }))
  writeJsonl('math_cot/math_cot_100.jsonl', projected)
  copyLicence('math_cot', 'LICENSE.evaluation-code.MIT')
  console.log(
    `math_cot: ${chosen.size} problems (${disagree.length} where the verdicts differ, ${Math.min(readOtherwise.length, 10)} of ${readOtherwise.length} read otherwise)`,
  )
}

function sliceHumanEval(): void {
  const problems = readFullJsonl('humaneval/HumanEval.jsonl') as { task_id: string }[]
  // the first twelve, and HumanEval/32 and /38, whose prompts hold a helper function beside the one to complete
  const kept = problems.filter((problem, index) => index < 12 || problem.task_id === 'HumanEval/32' || problem.task_id === 'HumanEval/38')
  writeJsonl('humaneval/HumanEval.jsonl', kept)
  copyLicence('humaneval', 'LICENSE')
  console.log(`humaneval: ${kept.length} problems`)
}

function sliceMbpp(): void {
  const tasks = JSON.parse(readFileSync(fullDataPath('mbpp/sanitized-mbpp.json'), 'utf8')) as { test_imports: string[] }[]
  // the first ten, and every task whose assertions need imports of their own
  const kept = tasks.filter((task, index) => index < 10 || task.test_imports.length > 0)
  mkdirSync(join(OUT, 'mbpp'), { recursive: true })
  writeFileSync(join(OUT, 'mbpp/sanitized-mbpp.json'), `${JSON.stringify(kept, null, 1)}\n`)
  copyLicence('mbpp', 'README.md')
  console.log(`mbpp: ${kept.length} tasks`)
}

// each line of a Choices cell, by its label: "A. " (the letter OpenCompass drops), "1. " (kept), or none
const choiceLabels = (cell: string): string =>
  [
    ...new Set(
      cell
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => (/^\s*[A-Z]\./.test(line) ? 'letter' : /^\s*\d+\./.test(line) ? 'number' : 'none')),
    ),
  ]
    .sort()
    .join('+')

function sliceNejm(): void {
  const text = readFileSync(fullDataPath('realdata/opencompass-nejm/NEJM_All_Questions_And_Answers.csv'), 'utf8')
  // csv-parse's types leave out the shape its documented `raw` option gives each record
  const [header, ...records] = parse(text, { raw: true }) as unknown as { raw: string; record: string[] }[]
  const cell = (record: { record: string[] }, column: string): string => record.record[header!.record.indexOf(column)] ?? ''
  const chosen = new Set(records.slice(0, 5))
  const mixed = records.filter((record) => choiceLabels(cell(record, 'Choices')).includes('+'))
  const unanswered = records.filter((record) => !/^[A-Z]$/.test(cell(record, 'Answer')))
  for (const record of [...mixed, ...capped(unanswered, 3, 'nejm-unanswered')]) chosen.add(record)
  const kinds = new Set<string>()
  for (const record of seededShuffle(records, `${SEED}:nejm-cover`)) {
    const kind = `${choiceLabels(cell(record, 'Choices'))} ${
      cell(record, 'Choices')
        .split('\n')
        .filter((line) => line.trim() !== '').length
    }`
    if (kinds.has(kind)) continue
    kinds.add(kind)
    chosen.add(record)
  }
  fillTo(chosen, records, 40, 'nejm-random')
  mkdirSync(join(OUT, 'opencompass-nejm'), { recursive: true })
  const kept = records.filter((record) => chosen.has(record))
  writeFileSync(join(OUT, 'opencompass-nejm/NEJM_All_Questions_And_Answers.csv'), [header!, ...kept].map((record) => record.raw).join(''))
  console.log(`opencompass-nejm: ${kept.length} questions (${mixed.length} with mixed option labels, every kind and number of options)`)
}

// ends the process with what to fetch before any slice is removed, when the data folder is missing
fullDataPath('.')
for (const dataset of ['gsm8k', 'mmlu_pro', 'mmlu', 'math500', 'math_cot', 'humaneval', 'mbpp'])
  rmSync(join(OUT, dataset), { recursive: true, force: true })
sliceGsm8k()
sliceMmluPro()
sliceMmlu()
sliceMath500()
sliceMathCot()
sliceHumanEval()
sliceMbpp()
sliceLlmbar(OUT)
sliceBfcl(OUT)
sliceNejm()
