// Proof by simulation that early stopping keeps its promise, 10,000 seeded runs per row (alpha 0.05, minSamples at its
// default). A wrong decision is "pass" when the truth is on the failing side of the gate, or "fail" when it is on the
// passing side (on the line a gate holds); the betting test's rate must stay within alpha.
// - Threshold: a 2,000-sample pass/fail benchmark gated at accuracy ≥ 80%, its true accuracy on the threshold, 1, 2,
//   5 and 10 points either side, 80.5% and 93%. Beside it, peeking at the usual 95% Wilson interval after every
//   sample, which is what stopping early without a confidence sequence would do.
// - Regression: 2,000 paired pass/fail samples, 10% of them changed since the baseline, gated at maxDrop 2 points,
//   the true drop on maxDrop and 1, 2 and 4 points below it, 1, 2 and 5 above.
// Both report how often an early decision differs from the verdict of the same run carried to the end (the usual
// gate on all 2,000 samples).
// `npm run bench:early-stop` (about a minute); `npm run bench:early-stop -- 1000` for fewer runs.
import { createMeanTest, createRegressionTest, DEFAULT_MIN_SAMPLES, mcnemarExact, quantile, wilsonInterval } from '../src/metrics/index.ts'
import { createRandom } from '../src/random/index.ts'

type Verdict = 'pass' | 'fail'

interface Run {
  decision: Verdict | null
  used: number
  fullRun: Verdict
  peeking?: Verdict | null
}

const SAMPLES = 2000
const ALPHA = 0.05
const SEED = 20_261_201
const RUNS = Number(process.argv[2] ?? 10_000)
const THRESHOLD = 0.8
const MAX_DROP = 0.02
const DISCORDANT = 0.1

// the first sample count at which a 95% Wilson interval, looked at after every sample, leaves the threshold
function peekAtWilson(outcomes: readonly number[]): Verdict | null {
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

function thresholdRun(accuracy: number, random: () => number): Run {
  const outcomes = Array.from({ length: SAMPLES }, (): number => (random() < accuracy ? 1 : 0))
  const test = createMeanTest({ threshold: THRESHOLD, alpha: ALPHA })
  let used = 0
  while (used < SAMPLES && test.observe(outcomes[used]!) === null) used++
  const right = outcomes.reduce((sum, outcome) => sum + outcome, 0)
  return {
    decision: test.decision === null ? null : test.decision === 'above' ? 'pass' : 'fail',
    used: Math.min(used + 1, SAMPLES),
    fullRun: right / SAMPLES >= THRESHOLD ? 'pass' : 'fail',
    peeking: peekAtWilson(outcomes),
  }
}

// each sample went from right to wrong (baseline 1, current 0) or the reverse with probabilities whose sum is the
// share of changed samples and whose difference is the drop
function regressionRun(drop: number, random: () => number): Run {
  const worse = (DISCORDANT + drop) / 2
  const better = (DISCORDANT - drop) / 2
  const pairs = Array.from({ length: SAMPLES }, (): [number, number] => {
    const draw = random()
    return draw < worse ? [1, 0] : draw < worse + better ? [0, 1] : [1, 1]
  })
  const test = createRegressionTest({ maxDrop: MAX_DROP, alpha: ALPHA })
  let used = 0
  while (used < SAMPLES && test.observe(...pairs[used]!) === null) used++
  const b = pairs.filter(([before, now]) => before > now).length
  const c = pairs.filter(([before, now]) => before < now).length
  return {
    decision: test.decision === null ? null : test.decision === 'exceeds' ? 'fail' : 'pass',
    used: Math.min(used + 1, SAMPLES),
    fullRun: (b - c) / SAMPLES > MAX_DROP && mcnemarExact(b, c) < ALPHA ? 'fail' : 'pass',
  }
}

const percent = (count: number): string => `${((100 * count) / RUNS).toFixed(2)}%`
const tenths = (value: number): number => Number(value.toFixed(1))
const points = (offset: number): string => (offset === 0 ? 'on it' : `${offset > 0 ? '+' : '−'}${tenths(Math.abs(offset * 100))}`)
const count = (value: number): string => Math.round(value).toLocaleString('en-US')

// one table row: the runs of one true value, `offset` from the gate's line, where a positive offset is on the side
// on which the gate `passesAbove` or not
function row(truth: string, offset: number, runs: readonly Run[], passesAbove: boolean): { cells: string[]; wrong: number } {
  const wrongVerdict: Verdict = offset > 0 === passesAbove || offset === 0 ? 'fail' : 'pass'
  const tally = (keep: (run: Run) => boolean): number => runs.filter(keep).length
  const wrong = tally((run) => run.decision === wrongVerdict)
  const used = runs.map((run) => run.used)
  const cells = [
    truth,
    points(offset),
    percent(wrong),
    ...(runs[0]?.peeking === undefined ? [] : [percent(tally((run) => run.peeking === wrongVerdict))]),
    percent(tally((run) => run.decision === 'pass')),
    percent(tally((run) => run.decision === 'fail')),
    percent(tally((run) => run.decision === null)),
    percent(tally((run) => run.decision !== null && run.decision !== run.fullRun)),
    count(used.reduce((sum, value) => sum + value, 0) / RUNS),
    count(quantile(used, 0.9)!),
  ]
  return { cells, wrong: wrong / RUNS }
}

function table(title: string, header: string[], rows: { cells: string[]; wrong: number }[]): number {
  console.log(`\n${title}\n`)
  const columns = [...header, 'decided pass', 'decided fail', 'undecided', 'unlike the full run', 'mean samples used', 'p90 samples used']
  console.log(`| ${columns.join(' | ')} |\n|${'---|'.repeat(columns.length)}`)
  for (const { cells } of rows) console.log(`| ${cells.join(' | ')} |`)
  return Math.max(...rows.map(({ wrong }) => wrong))
}

const started = performance.now()
console.log(`${count(RUNS)} runs per row of ${count(SAMPLES)} samples, alpha ${ALPHA}, minSamples ${DEFAULT_MIN_SAMPLES}, seed ${SEED}`)
const thresholdRows = [-0.1, -0.05, -0.02, -0.01, 0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.13].map((offset, index) => {
  const random = createRandom(SEED + index)
  const accuracy = THRESHOLD + offset
  return row(
    `${tenths(100 * accuracy)}%`,
    offset,
    Array.from({ length: RUNS }, () => thresholdRun(accuracy, random)),
    true,
  )
})
const regressionRows = [-0.04, -0.02, -0.01, 0, 0.01, 0.02, 0.05].map((offset, index) => {
  const random = createRandom(SEED + 100 + index)
  const drop = MAX_DROP + offset
  return row(
    `${drop < 0 ? '−' : ''}${tenths(Math.abs(100 * drop))}`,
    offset,
    Array.from({ length: RUNS }, () => regressionRun(drop, random)),
    false,
  )
})
const worst = Math.max(
  table(
    `Threshold: accuracy ≥ ${100 * THRESHOLD}%`,
    ['true accuracy', 'points from 80%', 'wrong decisions', 'peeking at Wilson: wrong'],
    thresholdRows,
  ),
  table(
    `Regression: maxDrop ${100 * MAX_DROP} points, ${100 * DISCORDANT}% of samples changed`,
    ['true drop (points)', 'points from maxDrop', 'wrong decisions'],
    regressionRows,
  ),
)
console.log(
  `\nworst wrong-decision rate ${(100 * worst).toFixed(2)}% (target ≤ ${100 * ALPHA}%): ${worst <= ALPHA ? 'met' : 'NOT MET'}; ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
