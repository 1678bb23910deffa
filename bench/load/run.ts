import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fullDataPath } from '../full-data.ts'
import type { Contestant, LoadMeasurement } from './child.ts'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const CHILD = join(REPO, 'bench/load/child.ts')
const FILE = fullDataPath('mmlu_pro/test.jsonl')
const ROUNDS = 7
const TARGET = { ms: 1000, peakOverFileSize: 5 }

/** One load in a fresh process, so each contestant starts cold and its memory is its own. */
function measure(contestant: Contestant): Promise<LoadMeasurement> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, contestant, FILE], { cwd: REPO }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${contestant} failed: ${stderr}`))
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LoadMeasurement)
    })
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const fileSize = statSync(FILE).size
const rounds: { baseline: LoadMeasurement; evalsuite: LoadMeasurement }[] = []
for (let round = 0; round < ROUNDS; round++) {
  // alternating which goes first, so that neither always meets a busier machine
  const order: Contestant[] = round % 2 === 0 ? ['baseline', 'evalsuite'] : ['evalsuite', 'baseline']
  const results = {} as Record<Contestant, LoadMeasurement>
  for (const contestant of order) results[contestant] = await measure(contestant)
  if (results.baseline.records !== 12032 || results.evalsuite.records !== 12032)
    throw new Error(`expected 12,032 records, got ${results.baseline.records} and ${results.evalsuite.records}`)
  rounds.push(results)
  process.stdout.write(
    `round ${round + 1}: baseline ${results.baseline.ms.toFixed(0)} ms, evalsuite ${results.evalsuite.ms.toFixed(0)} ms\n`,
  )
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`
const of = (contestant: Contestant) => {
  const runs = rounds.map((round) => round[contestant])
  return {
    ms: median(runs.map((run) => run.ms)),
    peakRssDelta: median(runs.map((run) => run.peakRssDelta)),
    peakHeapDelta: median(runs.map((run) => run.peakHeapDelta)),
    retained: median(runs.map((run) => run.retained)),
    peakHidden: runs.some((run) => run.peakHidden),
  }
}
const baseline = of('baseline')
const evalsuite = of('evalsuite')
const timeRatio = median(rounds.map((round) => round.evalsuite.ms / round.baseline.ms))
const peak = Math.max(evalsuite.peakRssDelta, evalsuite.peakHeapDelta)
const summary = {
  file: 'mmlu_pro/test.jsonl',
  fileSize,
  records: 12032,
  rounds: ROUNDS,
  machine: { node: process.version, cpus: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown' },
  baseline,
  evalsuite,
  timeRatio,
  peakOverFileSize: peak / fileSize,
  baselinePeakOverFileSize: Math.max(baseline.peakRssDelta, baseline.peakHeapDelta) / fileSize,
  metTarget: evalsuite.ms <= TARGET.ms && peak / fileSize < TARGET.peakOverFileSize,
  every: rounds,
}

const row = (name: string, result: typeof baseline): string =>
  `| ${name.padEnd(9)} | ${result.ms.toFixed(0).padStart(6)} ms | ${mb(result.peakRssDelta).padStart(8)} | ${mb(result.peakHeapDelta).padStart(8)} | ${mb(result.retained).padStart(8)} |`
process.stdout.write(`
MMLU-Pro test.jsonl: 12,032 records, ${mb(fileSize)}; medians of ${ROUNDS} cold runs, each in its own process

| loader    |      time | peak RSS | peak heap | retained |
| --------- | --------: | -------: | --------: | -------: |
${row('baseline', baseline)}
${row('evalsuite', evalsuite)}

time: evalsuite ÷ baseline = ${timeRatio.toFixed(2)} (median of per-round ratios); target ≤ ${TARGET.ms} ms: ${evalsuite.ms.toFixed(0)} ms
peak memory ÷ file size: evalsuite ${summary.peakOverFileSize.toFixed(2)}, baseline ${summary.baselinePeakOverFileSize.toFixed(2)}; target < ${TARGET.peakOverFileSize}${evalsuite.peakHidden || baseline.peakHidden ? '\n(a peak RSS may be a floor: the process had been larger before the load)' : ''}
${summary.metTarget ? 'target met' : 'TARGET MISSED'}
`)
await mkdir(join(REPO, 'bench/results'), { recursive: true })
await writeFile(join(REPO, 'bench/results/load.json'), `${JSON.stringify(summary, null, 2)}\n`)
