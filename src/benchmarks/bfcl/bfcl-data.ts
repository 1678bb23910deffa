import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { ConfigError, DatasetError, type DatasetIssue } from '../../errors.ts'
import { readPythonJson, type PythonValue } from './python-value.ts'

/** The single-turn categories of the Berkeley Function Calling Leaderboard that `bfcl` reads. */
export const BFCL_CATEGORIES = [
  'simple',
  'multiple',
  'parallel',
  'parallel_multiple',
  'irrelevance',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
  'live_irrelevance',
] as const
/** A single-turn BFCL category. */
export type BfclCategory = (typeof BFCL_CATEGORIES)[number]

/** Whether the category's samples are right when the model calls no function (and so have no answer file). */
export function isIrrelevance(category: BfclCategory): boolean {
  return category.endsWith('irrelevance')
}

/**
 * The category's question file in BFCL's data folder: `BFCL_v<N>_<category>.json`, the newest version present (v4
 * when none is, for the loader to say it is missing), the simple category being `simple_python`.
 */
export function questionFile(folder: string, category: BfclCategory): string {
  const stem = category === 'simple' ? 'simple_python' : category
  const pattern = new RegExp(`^BFCL_v(\\d+)_${stem}\\.json$`)
  const names = existsSync(folder) ? readdirSync(folder) : []
  const versions = names.flatMap((name) => {
    const found = pattern.exec(name)
    return found ? [{ name, version: Number(found[1]) }] : []
  })
  const newest = versions.sort((a, b) => b.version - a.version)[0]?.name ?? `BFCL_v4_${stem}.json`
  return join(folder, newest)
}

/** One possible answer: the calls it expects, each a function's name and the acceptable values of each parameter. */
export type BfclAnswer = Array<{ name: string; parameters: Map<string, PythonValue[]> }>

// a ground truth as the answer files write it: [{ "fn": { "param": [acceptable values] } }]
function groundTruthOf(value: PythonValue | undefined): BfclAnswer {
  if (value?.type !== 'list') throw new Error('field "ground_truth" must be a list of calls')
  return value.items.map((item, index) => {
    const only = item.type === 'dict' && item.entries.size === 1 ? [...item.entries][0]! : undefined
    if (only === undefined || only[1].type !== 'dict')
      throw new Error(`ground_truth[${index}] must be { "function name": { "parameter": [acceptable values] } }`)
    const parameters = new Map<string, PythonValue[]>()
    for (const [name, acceptable] of only[1].entries) {
      if (acceptable.type !== 'list') throw new Error(`ground_truth[${index}].${name} must be a list of acceptable values`)
      parameters.set(name, acceptable.items)
    }
    return { name: only[0], parameters }
  })
}

function recordField(record: PythonValue, field: string): PythonValue | undefined {
  return record.type === 'dict' ? record.entries.get(field) : undefined
}

/** The possible answer a sample's metadata keeps (its line of the answer file), read as Python reads it. */
export function parseGroundTruth(line: string): BfclAnswer {
  return groundTruthOf(recordField(readPythonJson(line), 'ground_truth'))
}

/**
 * The possible answers beside a question file (`possible_answer/<same name>`), by sample id, each kept as its line's
 * text: the checker needs the numbers as written (5.0 is a float), which parsed JSON would not keep.
 */
export function loadAnswers(question: string): Map<string, string> {
  const file = join(dirname(question), 'possible_answer', basename(question))
  if (!existsSync(file))
    throw new ConfigError(
      `bfcl(): the possible answers of "${question}" are not at "${file}"; BFCL's data folder holds them in possible_answer/.`,
    )
  const answers = new Map<string, string>()
  const issues: DatasetIssue[] = []
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return
      try {
        const record = readPythonJson(text)
        const id = recordField(record, 'id')
        if (id?.type !== 'str') throw new Error('field "id" must be a string')
        groundTruthOf(recordField(record, 'ground_truth'))
        answers.set(id.value, text)
      } catch (error) {
        issues.push({ file, line: index + 1, message: (error as Error).message })
      }
    })
  if (issues.length > 0) throw new DatasetError(issues)
  return answers
}
