import { readFileSync } from 'node:fs'
import { datasets } from '../../src/index.ts'

/** One measured load, printed by the child as its last line of output. */
export interface LoadMeasurement {
  contestant: Contestant
  records: number
  ms: number
  /** Peak resident set size during the load, over the RSS just before it (bytes). */
  peakRssDelta: number
  /** Whether the process's earlier high-water mark could have hidden the load's peak (then peakRssDelta is a floor). */
  peakHidden: boolean
  /** Largest JS heap + external memory seen by a 1 ms sampler during the load, over the amount before it (bytes). */
  peakHeapDelta: number
  /** What the result keeps alive after a full collection (bytes). */
  retained: number
}

export type Contestant = 'baseline' | 'evalsuite'

// what a benchmark definition would do with MMLU-Pro: the whole load, with ids and subsets mapped
const LOADERS: Record<Contestant, (file: string) => Promise<unknown[]>> = {
  async baseline(file) {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown)
  },
  evalsuite: (file) => datasets.jsonl(file, { fields: { id: 'question_id', subset: 'category' } }).load(),
}

const collect = globalThis.gc
if (collect === undefined) throw new Error('run with --expose-gc')
const [contestant, file] = process.argv.slice(2) as [Contestant, string]
const inUse = (): number => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.external + usage.arrayBuffers
}

collect()
collect()
const heapBefore = inUse()
const rssBefore = process.memoryUsage.rss()
const maxRssBefore = process.resourceUsage().maxRSS * 1024
let peakHeap = heapBefore
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, inUse())
}, 1)
const started = performance.now()
const result = await LOADERS[contestant](file)
const ms = performance.now() - started
clearInterval(sampler)
peakHeap = Math.max(peakHeap, inUse())
const maxRssAfter = process.resourceUsage().maxRSS * 1024
collect()
collect()
const measurement: LoadMeasurement = {
  contestant,
  records: result.length,
  ms,
  peakRssDelta: maxRssAfter - rssBefore,
  peakHidden: maxRssAfter <= maxRssBefore,
  peakHeapDelta: peakHeap - heapBefore,
  retained: inUse() - heapBefore,
}
console.log(JSON.stringify(measurement))
