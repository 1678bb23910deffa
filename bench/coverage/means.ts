// Figures that are means of per-sample values, through `aggregateMetric` as the report computes them: a proportion,
// a mean of bounded scores, the mean and pass@k and pass^k of repeated attempts, and a judge's agreement over two
// orders (each sample's 0, 0.5 or 1).
import { aggregateMetric, type Observation } from '../../src/metrics/index.ts'
import type { Aggregation } from '../../src/schema/index.ts'
import { categorical, type Estimate, type Scenario } from './kind.ts'

const UNIT = { min: 0, max: 1 }
const percent = (value: number): string => `${Number((100 * value).toFixed(2))}%`

function meanOf(values: readonly number[], attempts = 1): ReturnType<typeof aggregateMetric> {
  const k = attempts
  const observations: Observation[] = values.map((value, i) => ({
    sample: String(Math.floor(i / k)),
    attempt: i % k,
    subset: null,
    value,
    answer: null,
  }))
  return aggregateMetric(observations, { attempts: k, range: UNIT })
}

function meanScenario(kind: string, truth: string, value: number, draw: (random: () => number) => number): Scenario {
  return {
    resampled: false,
    draw: (n, random) => {
      const [row] = meanOf(Array.from({ length: n }, () => draw(random)))
      return [{ kind, truth, value, interval: row!.interval }]
    },
  }
}

const proportions = [0, 0.01, 0.1, 0.5, 0.9, 0.99, 1].map((p) =>
  meanScenario('proportion (accuracy)', `p = ${percent(p)}`, p, (random) => (random() < p ? 1 : 0)),
)

// the mean of u^a is 1/(a + 1); a mixture adds point masses at 0 or 1
const boundedMeans = [
  meanScenario('mean of bounded scores', 'u² (mean 33.3%)', 1 / 3, (random) => random() ** 2),
  meanScenario('mean of bounded scores', 'u²⁰ (mean 4.76%, near 0)', 1 / 21, (random) => random() ** 20),
  meanScenario('mean of bounded scores', '1 − u²⁰ (mean 95.2%, near 1)', 20 / 21, (random) => 1 - random() ** 20),
  meanScenario('mean of bounded scores', '90% zeros, 10% u (mean 5%)', 0.05, (random) => (random() < 0.9 ? 0 : random())),
  meanScenario('mean of bounded scores', '50% ones, 50% u (mean 75%)', 0.75, (random) => (random() < 0.5 ? 1 : random())),
]

const ATTEMPTS = 4

// a sample's chance of passing one attempt: 1 with chance `always`, 0 with chance `never`, uniform otherwise
function repeatScenario(always: number, never: number): Scenario {
  const uniform = 1 - always - never
  const truths: Partial<Record<Aggregation, number>> = {
    mean: always + uniform / 2,
    pass_at_k: always + uniform * (1 - 1 / (ATTEMPTS + 1)),
    pass_hat_k: always + uniform / (ATTEMPTS + 1),
  }
  const population = `${percent(always)} always pass, ${percent(never)} never`
  return {
    resampled: false,
    draw: (n, random) => {
      const values: number[] = []
      for (let i = 0; i < n; i++) {
        const chance = [1, 0, random()][categorical([always, never, uniform], random)]!
        for (let a = 0; a < ATTEMPTS; a++) values.push(random() < chance ? 1 : 0)
      }
      const estimates: Estimate[] = []
      for (const row of meanOf(values, ATTEMPTS)) {
        const value = truths[row.aggregation]
        if (value === undefined) continue
        const kind =
          row.aggregation === 'mean'
            ? `mean of ${ATTEMPTS} repeats (by sample)`
            : `${row.aggregation === 'pass_at_k' ? 'pass@k' : 'pass^k'} (k = ${ATTEMPTS})`
        estimates.push({ kind, truth: `${population} (${percent(value)})`, value, interval: row.interval })
      }
      return estimates
    },
  }
}

const repeats = [repeatScenario(0.3, 0.2), repeatScenario(1, 0), repeatScenario(0, 0.95), repeatScenario(0.95, 0)]

// each order's verdict equals the human label with chance `agree`, independently
const judgeAgreement = [0.7, 0.9, 0.98, 1].map((agree) =>
  meanScenario(
    'judge agreement (two orders)',
    `agrees ${percent(agree)} a verdict`,
    agree,
    (random) => ((random() < agree ? 1 : 0) + (random() < agree ? 1 : 0)) / 2,
  ),
)

/** Every mean-of-values scenario. */
export const MEAN_SCENARIOS: readonly Scenario[] = [...proportions, ...boundedMeans, ...repeats, ...judgeAgreement]
