import { createRandom } from '../random/index.ts'
import { confusionFigureNames, confusionTable, createConfusionFigures } from './confusion.ts'
import { firstTarget } from './corpus-sample.ts'
import type { CorpusPair } from './corpus-compare.ts'
import { labelKey } from './label-slug.ts'

/**
 * The change (current − baseline) of each classification figure in `metrics` on bootstrap resamples of the pairs,
 * drawn as `compareCorpus` draws them, each resample's figures computed from its confusion tables: every pair is
 * one cell of the table of (target, baseline prediction, current prediction), so a resample costs its n draws of an
 * index, and gives the changes the figures of its samples give. Undefined where a pair's two targets differ, which
 * that table cannot hold.
 */
export function classificationDifferences(
  pairs: readonly CorpusPair[],
  metrics: readonly string[],
  resamples: number,
  seed: number,
): Map<string, number[]> | undefined {
  const targets = pairs.map((pair) => firstTarget(pair.current))
  const differ = pairs.some((pair, i) => {
    const before = firstTarget(pair.baseline)
    return before === null || targets[i] === null ? before !== targets[i] : labelKey(before) !== labelKey(targets[i]!)
  })
  if (differ) return undefined
  const scored = pairs.flatMap((pair, i) => (targets[i] === null ? [] : [{ pair, target: targets[i]! }]))
  const differences = new Map(metrics.map((metric) => [metric, [] as number[]]))
  if (scored.length === 0) return differences
  const before = confusionTable(scored.map(({ pair, target }) => ({ target, predicted: pair.baseline.answer })))
  const after = confusionTable(scored.map(({ pair, target }) => ({ target, predicted: pair.current.answer })))
  // each pair's two cells, or -1 for a pair without a target (drawn, but adding to no count)
  const cells = new Int32Array(2 * pairs.length).fill(-1)
  let s = 0
  for (const [i, target] of targets.entries()) {
    if (target === null) continue
    cells[2 * i] = before.cellOf[s]!
    cells[2 * i + 1] = after.cellOf[s]!
    s++
  }
  const names = confusionFigureNames(before.labels)
  const wanted = metrics.map((metric) => names.indexOf(metric))
  const figures = createConfusionFigures(before.labels.length)
  const [x, y] = [new Float64Array(before.cells.length), new Float64Array(after.cells.length)]
  const [xFigures, yFigures] = [new Float64Array(names.length), new Float64Array(names.length)]
  const random = createRandom(seed)
  const n = pairs.length
  for (let b = 0; b < resamples; b++) {
    x.fill(0)
    y.fill(0)
    for (let i = 0; i < n; i++) {
      const drawn = Math.floor(random() * n)
      const cell = cells[2 * drawn]!
      if (cell < 0) continue
      x[cell] = x[cell]! + 1
      const other = cells[2 * drawn + 1]!
      y[other] = y[other]! + 1
    }
    figures(x, xFigures)
    figures(y, yFigures)
    for (const [m, metric] of metrics.entries()) {
      const f = wanted[m]!
      if (f >= 0 && !Number.isNaN(xFigures[f]!) && !Number.isNaN(yFigures[f]!)) differences.get(metric)!.push(yFigures[f]! - xFigures[f]!)
    }
  }
  return differences
}
