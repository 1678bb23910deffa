// How often each 95% interval evalsuite prints covers the value it estimates: runs of n samples drawn from populations
// whose figures are known, each interval computed by evalsuite's own code (src/metrics), over a grid of n. Prints, per
// interval kind, the coverage of each population at each n, the mean width, and the methods that made the intervals.
// `npm run bench:coverage` (a few minutes); `-- --scale 0.25` simulates a quarter of the runs, `-- --kind circular`
// only the kinds whose name holds that text, `-- --json file` also writes every cell.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createRandom } from '../../src/random/index.ts'
import { CORPUS_SCENARIOS } from './corpus.ts'
import type { Budget, Estimate, Scenario } from './kind.ts'
import { MEAN_SCENARIOS } from './means.ts'
import { PAIRED_SCENARIOS } from './paired.ts'
import { printTables, type Cell } from './table.ts'

const SIZES = [5, 10, 20, 30, 50, 100, 300, 1000, 5000]
const SEED = 20_270_139

const { values: options } = parseArgs({ options: { scale: { type: 'string', default: '1' }, kind: { type: 'string' }, json: { type: 'string' } } })
const scale = Number(options.scale)

// a bootstrap costs resamples × n per run, so large cells simulate fewer runs of fewer resamples; the Monte Carlo
// error of each cell is printed beside it
function budget(n: number, resampled: boolean): Budget {
  const runs = (count: number, least = 10): number => Math.max(least, Math.round(count * scale))
  if (!resampled) return { runs: runs(n <= 300 ? 2000 : n <= 1000 ? 1000 : 400, 400), resamples: 0 }
  if (n <= 30) return { runs: runs(200), resamples: 400 }
  if (n <= 50) return { runs: runs(150), resamples: 400 }
  if (n <= 100) return { runs: runs(100), resamples: 400 }
  if (n <= 300) return { runs: runs(50), resamples: 300 }
  if (n <= 1000) return { runs: runs(30), resamples: 200 }
  return { runs: runs(10), resamples: 100 }
}

const covers = (estimate: Estimate): boolean => estimate.interval !== null && estimate.interval.lower - 1e-9 <= estimate.value && estimate.value <= estimate.interval.upper + 1e-9

const cells = new Map<string, Cell>()
const started = performance.now()
const scenarios: Scenario[] = [...MEAN_SCENARIOS, ...CORPUS_SCENARIOS, ...PAIRED_SCENARIOS]
for (const [index, scenario] of scenarios.entries()) {
  const wanted = (estimate: Estimate): boolean => options.kind === undefined || estimate.kind.includes(options.kind)
  if (!scenario.draw(SIZES[0]!, createRandom(SEED), 10).some(wanted)) continue
  for (const n of SIZES) {
    const { runs, resamples } = budget(n, scenario.resampled)
    const random = createRandom(SEED + 1000 * index + n)
    for (let run = 0; run < runs; run++) {
      for (const estimate of scenario.draw(n, random, resamples)) {
        if (!wanted(estimate)) continue
        const key = `${estimate.kind}\u0000${estimate.truth}\u0000${n}`
        const cell = cells.get(key) ?? { kind: estimate.kind, truth: estimate.truth, n, runs, resamples, shown: 0, intervals: 0, covered: 0, zeroWidth: 0, width: 0, methods: new Set() }
        cells.set(key, cell)
        cell.shown++
        if (estimate.interval === null) continue
        cell.intervals++
        cell.methods.add(estimate.interval.method)
        const width = estimate.interval.upper - estimate.interval.lower
        cell.width += width
        if (width <= 0) cell.zeroWidth++
        if (covers(estimate)) cell.covered++
      }
    }
  }
  process.stderr.write(`scenario ${index + 1}/${scenarios.length} done, ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
}
printTables([...cells.values()], SIZES)
console.log(`\nseed ${SEED}, scale ${scale}; ${((performance.now() - started) / 1000).toFixed(0)} s`)
if (options.json !== undefined) {
  writeFileSync(options.json, JSON.stringify([...cells.values()].map((cell) => ({ ...cell, methods: [...cell.methods] })), null, 1))
}
