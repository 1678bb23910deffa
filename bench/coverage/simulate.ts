// One unit of the coverage bench: the runs of one scenario at one n, each figure's interval tallied into a cell. Units
// are independent (each seeded from its scenario and n), so the bench may run them in any order, on any thread.
import { createRandom } from '../../src/random/index.ts'
import { CORPUS_SCENARIOS } from './corpus.ts'
import type { Budget, Estimate, Scenario } from './kind.ts'
import { MEAN_SCENARIOS } from './means.ts'
import { PAIRED_SCENARIOS } from './paired.ts'
import type { Cell } from './table.ts'

export const SIZES = [5, 10, 20, 30, 50, 100, 300, 1000, 5000]
export const SEED = 20_270_139

export const SCENARIOS: readonly Scenario[] = [...MEAN_SCENARIOS, ...CORPUS_SCENARIOS, ...PAIRED_SCENARIOS]

/** The runs of scenario `index` (of SCENARIOS) at `n`, keeping the figures whose kind holds `kind`. */
export interface Unit {
  index: number
  n: number
  budget: Budget
  kind: string | undefined
}

/** A cell as it crosses threads: its methods a list. */
export type SentCell = Omit<Cell, 'methods'> & { methods: string[] }

// a bootstrap costs resamples × n per run, so large cells simulate fewer runs of fewer resamples; the Monte Carlo
// error of each cell is printed beside it
export function budget(n: number, { resampled, least = 0 }: Pick<Scenario, 'resampled' | 'least'>, scale: number): Budget {
  const runs = (count: number, floor = 10): number => Math.max(floor, Math.round(Math.max(count, least) * scale))
  if (!resampled) return { runs: runs(n <= 300 ? 2000 : n <= 1000 ? 1000 : 400, 400), resamples: 0 }
  if (n <= 30) return { runs: runs(200), resamples: 400 }
  if (n <= 50) return { runs: runs(150), resamples: 400 }
  if (n <= 100) return { runs: runs(100), resamples: 400 }
  if (n <= 300) return { runs: runs(50), resamples: 300 }
  if (n <= 1000) return { runs: runs(30), resamples: 200 }
  return { runs: runs(10), resamples: 100 }
}

// several kinds may be asked for at once, as "F1|kappa"
export const wanted = (estimate: Estimate, kind: string | undefined): boolean =>
  kind === undefined || kind.split('|').some((part) => estimate.kind.includes(part))

const covers = (estimate: Estimate): boolean =>
  estimate.interval !== null && estimate.interval.lower - 1e-9 <= estimate.value && estimate.value <= estimate.interval.upper + 1e-9

/** Simulates one unit; its cells, one a figure. */
export function simulate({ index, n, budget: { runs, resamples }, kind }: Unit): SentCell[] {
  const cells = new Map<string, SentCell>()
  const random = createRandom(SEED + 1000 * index + n)
  for (let run = 0; run < runs; run++) {
    for (const estimate of SCENARIOS[index]!.draw(n, random, resamples)) {
      if (!wanted(estimate, kind)) continue
      const key = `${estimate.kind}\u0000${estimate.truth}`
      const cell = cells.get(key) ?? {
        kind: estimate.kind,
        truth: estimate.truth,
        n,
        runs,
        resamples,
        shown: 0,
        intervals: 0,
        covered: 0,
        zeroWidth: 0,
        width: 0,
        methods: [],
      }
      cells.set(key, cell)
      cell.shown++
      if (estimate.interval === null) continue
      cell.intervals++
      if (!cell.methods.includes(estimate.interval.method)) cell.methods.push(estimate.interval.method)
      const width = estimate.interval.upper - estimate.interval.lower
      cell.width += width
      if (width <= 0) cell.zeroWidth++
      if (covers(estimate)) cell.covered++
    }
  }
  return [...cells.values()]
}
