// How often each 95% interval evalsuite prints covers the value it estimates: runs of n samples drawn from populations
// whose figures are known, each interval computed by evalsuite's own code (src/metrics), over a grid of n. Prints, per
// interval kind, the coverage of each population at each n, the mean width, and the methods that made the intervals.
// `npm run bench:coverage` (minutes on 2 cores); `-- --scale 0.25` simulates a quarter of the runs, `-- --kind circular`
// only the kinds whose name holds that text (`"F1|kappa"`: either), `-- --sizes 300,1000` only those n, `-- --workers 1`
// on one thread, `-- --json file` also writes every cell.
import { writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { createRandom } from '../../src/random/index.ts'
import { budget, SCENARIOS, SEED, SIZES, wanted, type SentCell, type Unit } from './simulate.ts'
import { printTables, type Cell } from './table.ts'

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    kind: { type: 'string' },
    sizes: { type: 'string' },
    json: { type: 'string' },
    workers: { type: 'string', default: String(availableParallelism()) },
  },
})
const scale = Number(options.scale)
const sizes = options.sizes === undefined ? SIZES : options.sizes.split(',').map(Number)

const units: Unit[] = []
for (const [index, scenario] of SCENARIOS.entries()) {
  // a run of 100 samples prints every figure of a scenario (at 5, a rare label's kappa may be missing, and the scenario with it)
  if (!scenario.draw(100, createRandom(SEED), 10).some((estimate) => wanted(estimate, options.kind))) continue
  for (const n of sizes) units.push({ index, n, budget: scenario.budget?.(n, scale) ?? budget(n, scenario, scale), kind: options.kind })
}
// the costliest first, so that no thread is left with a long unit at the end
const cost = ({ n, budget: { runs, resamples } }: Unit): number => runs * n * Math.max(1, resamples)
units.sort((a, b) => cost(b) - cost(a))

// Node 20 loads a worker's entry before an `--import`ed loader is in place, so each thread registers tsx itself
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}) })`

const started = performance.now()
const results: Array<{ unit: Unit; cells: Cell[] }> = []
let done = 0
const threads = Math.max(1, Math.min(Number(options.workers), units.length))
await Promise.all(
  Array.from({ length: threads }, async () => {
    const worker = new Worker(BOOT, { eval: true })
    for (let unit = units.shift(); unit !== undefined; unit = units.shift()) {
      const sent = await new Promise<SentCell[]>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        worker.postMessage(unit)
      })
      worker.removeAllListeners('error')
      results.push({ unit, cells: sent.map((cell) => ({ ...cell, methods: new Set(cell.methods) })) })
      done++
      if (done % 20 === 0) process.stderr.write(`${done} units done, ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
    }
    worker.postMessage(null)
  }),
)
// the table lists populations and kinds in the order of the scenarios, whatever thread finished first
results.sort((a, b) => a.unit.index - b.unit.index || a.unit.n - b.unit.n)
const cells = results.flatMap((result) => result.cells)
printTables(cells, sizes)
console.log(`\nseed ${SEED}, scale ${scale}, ${threads} threads; ${((performance.now() - started) / 1000).toFixed(0)} s`)
if (options.json !== undefined)
  writeFileSync(
    options.json,
    JSON.stringify(
      cells.map((cell) => ({ ...cell, methods: [...cell.methods] })),
      null,
      1,
    ),
  )
