import { createRandom } from '../random/index.ts'
import { createGamma } from './gamma-variate.ts'

/**
 * Draws `draws` tables from the Dirichlet posterior of a multinomial's cells, given their counts and the prior
 * observations on each (0 for a cell that cannot occur), seeded: each draw a Gamma(count + prior) variate a cell, handed
 * to `visit` in a reused buffer. The cells are not scaled to sum to 1, since every figure drawn from them is a ratio.
 */
export function dirichletDraws(
  counts: Float64Array,
  prior: Float64Array,
  draws: number,
  seed: number,
  visit: (cells: Float64Array) => void,
): void {
  const gamma = createGamma(createRandom(seed))
  const cells = new Float64Array(counts.length)
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < counts.length; i++) {
      const shape = counts[i]! + prior[i]!
      cells[i] = shape > 0 ? gamma(shape) : 0
    }
    visit(cells)
  }
}
