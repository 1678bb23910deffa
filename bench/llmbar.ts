/**
 * Reproduces LLMBar's published GPT-4 judge statistics with evalsuite: each recorded completion is replayed as the
 * judge's reply, read with LLMBar's own patterns, and the report's figures are set beside `statistics.json` for the
 * five sets and both prompting strategies. Counts and the kappa between the orders must be equal; any difference is
 * a bug. `npm run bench:llmbar` (reads the data folder as the other full-data benchmarks do).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { llmbarFigures, type LlmbarFigures } from '../fixtures/llmbar-replay/llmbar-figures.ts'
import { LLMBAR_SETS, LLMBAR_STRATEGIES, llmbarBenchmarkName } from '../fixtures/llmbar-replay/llmbar-sets.ts'
import { ReportSchema } from '../src/schema/index.ts'
import { fullDataPath } from './full-data.ts'

const PROJECT = fileURLToPath(new URL('../fixtures/llmbar-replay/', import.meta.url))
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const COUNTS = ['correct_False', 'correct_True', 'correct_both', 'equal'] as const
const KAPPAS = ['kappa_agreement', 'kappa_False', 'kappa_True'] as const

// "95 / 100 = 95.0%": the count and the number of instances
function publishedCount(text: string): [number, number] {
  const found = /^(\d+) \/ (\d+) =/.exec(text)
  if (found === null) throw new Error(`not a published count: ${JSON.stringify(text)}`)
  return [Number(found[1]), Number(found[2])]
}

const data = fullDataPath('llmbar')
const run = spawnSync(process.execPath, [VITEST, 'run'], {
  cwd: PROJECT,
  env: { ...process.env, LLMBAR_DATA: data, NO_COLOR: '1' },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
if (run.status !== 0) {
  console.error(run.stdout, run.stderr)
  throw new Error(`vitest run in ${PROJECT} exited with ${run.status}`)
}

const rows: string[] = []
const problems: string[] = []
for (const set of LLMBAR_SETS) {
  for (const strategy of LLMBAR_STRATEGIES) {
    const name = llmbarBenchmarkName(set, strategy)
    const report = ReportSchema.parse(JSON.parse(readFileSync(`${PROJECT}eval-reports/${name}.json`, 'utf8')))
    const ours = llmbarFigures(report)
    const published = JSON.parse(readFileSync(`${data}/LLMBar/${set}/GPT-4/${strategy}/statistics.json`, 'utf8')) as Record<
      string,
      string | number
    >
    const cells = COUNTS.map((figure) => {
      const [count, instances] = publishedCount(String(published[figure]))
      if (count !== ours[figure] || instances !== ours.instances)
        problems.push(`${name} ${figure}: published ${count} / ${instances}, evalsuite ${ours[figure]} / ${ours.instances}`)
      return `${count} / ${ours[figure]}`
    })
    const kappas = KAPPAS.map((figure: keyof LlmbarFigures) => {
      const [theirs, mine] = [Number(published[figure]), ours[figure] ?? Number.NaN]
      if (!(Math.abs(theirs - mine) < 1e-9)) problems.push(`${name} ${figure}: published ${theirs}, evalsuite ${mine}`)
      return `${theirs.toFixed(3)} / ${mine.toFixed(3)}`
    })
    const value = (metric: string): string => report.metrics.find((row) => row.metric === metric)?.value?.toFixed(3) ?? 'n/a'
    rows.push(
      `| ${set.replace('Adversarial/', 'Adv/')} | ${strategy} | ${ours.instances} | ${[...cells, ...kappas].join(' | ')} | ${value('judge_kappa_original')} / ${value('judge_kappa_swapped')} |`,
    )
  }
}

console.log(
  "Published / evalsuite, GPT-4 on LLMBar; the last column is evalsuite's true kappa of the verdicts against the labels, original / swapped order.",
)
console.log(
  '| set | strategy | n | correct_False | correct_True | correct_both | equal | kappa_agreement | kappa_False (LLMBar coding) | kappa_True (LLMBar coding) | judge_kappa_original / _swapped |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const row of rows) console.log(row)
if (problems.length > 0) {
  console.error(`\n${problems.length} figure(s) differ:\n${problems.join('\n')}`)
  process.exit(1)
}
console.log("\nEvery published count, kappa_agreement, and kappa_False/kappa_True in LLMBar's coding, reproduced exactly.")
