import { extname } from 'node:path'
import { type DataFileSummary, type ImageBase, type ImageFiles, NEEDS_JUDGE } from '../dataset/index.ts'
import { type DatasetIssue, formatIssue } from '../errors.ts'
import { escapeControlCharacters, imageCountOf, shortLines, shortList, thousands as count } from '../schema/index.ts'

const FORMAT_NAMES: Record<DataFileSummary['format'], string> = {
  jsonl: 'JSONL',
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  opencompass: 'OpenCompass custom dataset',
  chatml: 'ChatML (JSONL)',
  evalscope: 'EvalScope custom dataset',
}

// a file may have a million columns, subsets or splits: each row lists the first few and counts the rest
const SHOWN_NAMES = 20

// file names, field names, subsets and the values quoted in problems come from the data: every line is escaped
const printed = (lines: readonly string[]): string => `${lines.map(escapeControlCharacters).join('\n')}\n`

/** What `validate` prints for a file it could read: format, type, fields, counts and subsets. */
export function renderSummary(path: string, summary: DataFileSummary): string {
  const rows: [string, string][] = [
    ['format', describeFormat(path, summary)],
    ['type', describeKind(summary) + referenceNote(summary)],
    ['fields', shortList(summary.fields, SHOWN_NAMES)],
    ['samples', count(summary.samples.length)],
  ]
  const ignored = summary.opencompass?.ignored
  if (ignored)
    rows.push([
      'ignored',
      Object.entries(ignored)
        .map(([key, why]) => `"${key}" (${why})`)
        .join(', '),
    ])
  if (summary.splits)
    rows.push([
      'splits',
      shortList(
        Object.entries(summary.splits).map(([name, n]) => `${name} (${count(n)})`),
        SHOWN_NAMES,
      ),
    ])
  const subsets = new Map<string, number>()
  for (const sample of summary.samples) if (sample.subset !== undefined) subsets.set(sample.subset, (subsets.get(sample.subset) ?? 0) + 1)
  if (subsets.size > 0) {
    const list = [...subsets].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `${name} (${count(n)})`)
    rows.push(['subsets', `${subsets.size}: ${shortList(list, SHOWN_NAMES)}`])
  }
  const images = summary.samples.map(imageCountOf).filter((n) => n > 0)
  if (images.length > 0) {
    rows.push([
      'images',
      `${count(images.reduce((a, b) => a + b))} in ${count(images.length)} samples${imageFilesText(summary.images)}; only a model that takes images can run them`,
    ])
  }
  return printed([`${path}: valid`, ...rows.map(([name, value]) => `  ${name.padEnd(8)} ${value}`)])
}

const FOUND: Record<ImageBase, string> = {
  dataFile: 'beside the data file',
  workingDirectory: 'from the working directory',
  absolute: 'by absolute path',
}

/** How many local image files were read and where they were found, as EvalScope's paths may be from either folder. */
function imageFilesText(files: ImageFiles | undefined): string {
  if (files === undefined) return ''
  const found = (Object.keys(FOUND) as ImageBase[]).filter((base) => files.from[base] > 0)
  const where = found.length === 1 ? FOUND[found[0]!] : found.map((base) => `${FOUND[base]} (${count(files.from[base])})`).join(', ')
  return `, from ${count(files.files)} local ${files.files === 1 ? 'file' : 'files'} (${count(files.bytes)} bytes) found ${where}`
}

function describeFormat(path: string, summary: DataFileSummary): string {
  const info = summary.opencompass
  if (info === undefined) return FORMAT_NAMES[summary.format]
  const file = extname(path).slice(1).toUpperCase()
  const meta = info.metaFile === undefined ? 'no meta file' : `meta from ${info.metaFile}`
  return `${FORMAT_NAMES.opencompass} (${file}, ${meta}), abbreviation "${info.abbreviation}", infer method ${info.inferMethod}`
}

function describeKind(summary: DataFileSummary): string {
  const info = summary.opencompass
  if (info !== undefined) {
    const input = info.humanPrompt === undefined ? `input from ${quoted(info.inputColumns)}` : 'input from the human prompt'
    const options = info.kind === 'mcq' ? `, options ${info.options.join(', ')}${multipleAnswer(summary)}` : ''
    // data_type "circular-mcq": each question is asked once per rotation of its options
    const circular = info.circular ? ', circular (each question once per rotation of its options)' : ''
    return `${info.kind}${options}${circular}, ${input}, answer from "${info.outputColumn}"`
  }
  if (summary.kind === 'mcq') {
    const sizes = summary.samples.map((sample) => sample.choices?.length ?? 0)
    const least = sizes.reduce((a, b) => Math.min(a, b))
    const most = sizes.reduce((a, b) => Math.max(a, b))
    return `mcq, ${least === most ? most : `${least} to ${most}`} options${multipleAnswer(summary)}`
  }
  if (summary.kind === 'mixed') return 'mixed: some samples have options, some do not'
  return summary.kind
}

/** A file without reference answers, which no rule can score; the loader refuses one that lacks only some. */
function referenceNote(summary: DataFileSummary): string {
  return summary.samples.some((sample) => sample.target === undefined) ? `, ${NEEDS_JUDGE}` : ''
}

/** How many questions have several right answers, scored by the whole set being chosen; nothing when none has. */
function multipleAnswer(summary: DataFileSummary): string {
  const several = summary.samples.filter((sample) => Array.isArray(sample.target) && sample.target.length > 1).length
  return several === 0 ? '' : `, multiple-answer (${count(several)} of ${count(summary.samples.length)} with several answers)`
}

function quoted(names: string[]): string {
  return shortList(
    names.map((name) => `"${name}"`),
    SHOWN_NAMES,
  )
}

const SHOWN = 50

/** What `validate` prints for a file it could not read: every problem, as `file:line: field: message`. */
export function renderIssues(path: string, issues: readonly DatasetIssue[]): string {
  const lines = shortLines(issues, SHOWN, formatIssue).map((line) => `  ${line}`)
  const problems = issues.length === 1 ? '1 problem' : `${count(issues.length)} problems`
  return printed([`${path}: invalid, ${problems}`, ...lines])
}
