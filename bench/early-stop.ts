// Proof by simulation that early stopping keeps its promise: a 2,000-sample benchmark of pass/fail samples gated at
// accuracy ≥ 80% (alpha 0.05, minSamples at its default), its true accuracy on the threshold, 1, 2, 5 and 10 points
// either side, 80.5% and 93%, 10,000 seeded runs each. A wrong decision is "pass" below 80% or "fail" at or above it;
// the betting test's rate must stay within alpha. Beside it: the rate of peeking at the usual 95% Wilson interval
// after every sample, which is what stopping early without a confidence sequence would do, and how often an early
// decision differs from the verdict of the same run carried to the end (the mean of all 2,000 samples against 80%).
// `npm run bench:early-stop` (about 45 seconds); `npm run bench:early-stop -- 1000` for fewer runs.
import { createMeanTest, DEFAULT_MIN_SAMPLES, quantile, wilsonInterval } from '../src/metrics/index.ts'
import { createRandom } from '../src/metrics/random.ts'

const SAMPLES = 2000
const THRESHOLD = 0.8
const ALPHA = 0.05
const SEED = 20_261_201
const OFFSETS = [-0.1, -0.05, -0.02, -0.01, 0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.13]
const RUNS = Number(process.argv[2] ?? 10_000)

interface Row {
  mean: number
  wrong: number
  peekingWrong: number
  unlikeFullRun: number
  passed: number
  failed: number
  used: number[]
}

// the first sample count at which a 95% Wilson interval, looked at after every sample, leaves the threshold
function peekingDecision(outcomes: readonly number[]): 'pass' | 'fail' | null {
  let right = 0
  for (const [i, outcome] of outcomes.entries()) {
    right += outcome
    if (i + 1 < DEFAULT_MIN_SAMPLES) continue
    const interval = wilsonInterval(right, i + 1)!
    if (interval.lower > THRESHOLD) return 'pass'
    if (interval.upper < THRESHOLD) return 'fail'
  }
  return null
}

function simulate(mean: number, seed: number): Row {
  const random = createRandom(seed)
  const row: Row = { mean, wrong: 0, peekingWrong: 0, unlikeFullRun: 0, passed: 0, failed: 0, used: [] }
  const wrongDecision = mean < THRESHOLD ? 'pass' : 'fail'
  for (let run = 0; run < RUNS; run++) {
    const outcomes = Array.from({ length: SAMPLES }, (): number => (random() < mean ? 1 : 0))
    const test = createMeanTest({ threshold: THRESHOLD, alpha: ALPHA })
    let used = 0
    while (used < SAMPLES && test.observe(outcomes[used]!) === null) used++
    const decision = test.decision === null ? null : test.decision === 'above' ? 'pass' : 'fail'
    row.used.push(decision === null ? SAMPLES : used + 1)
    if (decision === 'pass') row.passed++
    if (decision === 'fail') row.failed++
    if (decision === wrongDecision) row.wrong++
    const fullRun = outcomes.reduce((sum, outcome) => sum + outcome, 0) / SAMPLES >= THRESHOLD ? 'pass' : 'fail'
    if (decision !== null && decision !== fullRun) row.unlikeFullRun++
    if (peekingDecision(outcomes) === wrongDecision) row.peekingWrong++
  }
  return row
}

const percent = (count: number): string => `${((100 * count) / RUNS).toFixed(2)}%`
const tenths = (value: number): number => Number(value.toFixed(1))
const points = (offset: number): string => (offset === 0 ? 'on it' : `${offset > 0 ? '+' : '−'}${tenths(Math.abs(offset * 100))}`)

const started = performance.now()
console.log(`${RUNS.toLocaleString('en-US')} runs per row of ${SAMPLES.toLocaleString('en-US')} samples, gate accuracy ≥ ${THRESHOLD}, alpha ${ALPHA}, minSamples ${DEFAULT_MIN_SAMPLES}, seed ${SEED}\n`)
console.log('| true accuracy | points from 80% | wrong decisions | peeking at Wilson: wrong | decided pass | decided fail | undecided | unlike the full run | mean samples used | p90 samples used |')
console.log('|---|---|---|---|---|---|---|---|---|---|')
let worst = 0
for (const [index, offset] of OFFSETS.entries()) {
  const row = simulate(THRESHOLD + offset, SEED + index)
  worst = Math.max(worst, row.wrong / RUNS)
  const meanUsed = row.used.reduce((sum, used) => sum + used, 0) / RUNS
  const cells = [
    `${tenths(100 * row.mean)}%`,
    points(offset),
    percent(row.wrong),
    percent(row.peekingWrong),
    percent(row.passed),
    percent(row.failed),
    percent(RUNS - row.passed - row.failed),
    percent(row.unlikeFullRun),
    Math.round(meanUsed).toLocaleString('en-US'),
    Math.round(quantile(row.used, 0.9)!).toLocaleString('en-US'),
  ]
  console.log(`| ${cells.join(' | ')} |`)
}
console.log(`\nworst wrong-decision rate ${(100 * worst).toFixed(2)}% (target ≤ ${100 * ALPHA}%): ${worst <= ALPHA ? 'met' : 'NOT MET'}; ${((performance.now() - started) / 1000).toFixed(0)} s`)
