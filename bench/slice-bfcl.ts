import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { seededShuffle } from '../src/random/index.ts'
import { BFCL_CATEGORIES } from '../src/benchmarks/index.ts'
import { fullDataPath } from './full-data.ts'

const FIRST = 4
const SUBTLE_CAP = 8
const TOTAL = 16

// the parameter types and answer forms where the checker's rules are subtle: floats, dicts, tuples, "any", nested
// lists, null among the acceptable values
const SUBTLE = /"type": "(float|dict|tuple|any)"|\[\[|null/

function fileOf(category: string): string {
  return `BFCL_v4_${category === 'simple' ? 'simple_python' : category}.json`
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
}

/**
 * Writes `<out>/bfcl/`: per category, the first 4 questions, up to 8 whose functions or answers hold what the
 * checker's rules are subtle about, and the rest at random to 16, each line copied as written (so `5.0` stays a
 * float), with the possible answers of the same ids.
 */
export function sliceBfcl(out: string): void {
  const root = join(out, 'bfcl')
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'possible_answer'), { recursive: true })
  const counts: string[] = []
  for (const category of BFCL_CATEGORIES) {
    const file = fileOf(category)
    const questions = lines(fullDataPath(`bfcl/${file}`))
    const irrelevance = category.endsWith('irrelevance')
    const byId = new Map(
      (irrelevance ? [] : lines(fullDataPath(`bfcl/possible_answer/${file}`))).map((line) => [
        (JSON.parse(line) as { id: string }).id,
        line,
      ]),
    )
    const answers = questions.map((line) => byId.get((JSON.parse(line) as { id: string }).id) ?? '')
    const subtle = questions.flatMap((line, index) => (SUBTLE.test(line) || SUBTLE.test(answers[index] ?? '') ? [index] : []))
    const chosen = new Set([...questions.keys()].slice(0, FIRST))
    for (const index of seededShuffle(subtle, `fixtures/real:bfcl-${category}`).slice(0, SUBTLE_CAP)) chosen.add(index)
    for (const index of seededShuffle([...questions.keys()], `fixtures/real:bfcl-${category}-random`))
      if (chosen.size < TOTAL) chosen.add(index)
    const kept = [...chosen].sort((a, b) => a - b)
    writeFileSync(join(root, file), kept.map((index) => `${questions[index]}\n`).join(''))
    if (!irrelevance) writeFileSync(join(root, 'possible_answer', file), kept.map((index) => `${answers[index]}\n`).join(''))
    counts.push(`${category} ${kept.length} of ${questions.length}`)
  }
  copyFileSync(fullDataPath('bfcl/LICENSE'), join(root, 'LICENSE'))
  console.log(`bfcl: ${counts.join(', ')}`)
}
