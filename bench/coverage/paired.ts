// Paired differences as the regression and compare gates compute them (`comparePaired` for per-sample scores,
// `compareCorpus` for a corpus metric), and a judge's kappa against human labels (`kappaInterval`, as the report
// measures a judge).
import {
  classificationAggregate,
  compareCorpus,
  comparePaired,
  kappaInterval,
  type CorpusPair,
  type ScorePair,
} from '../../src/metrics/index.ts'
import { populationFigures, type Classifier } from './classification.ts'
import { classificationBudget } from './corpus.ts'
import { categorical, type Scenario } from './kind.ts'

// the scores' range, as the report passes each metric's from the catalog
const UNIT = { min: 0, max: 1 }
const percent = (value: number): string => `${Number((100 * value).toFixed(2))}%`
const points = (value: number): string => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Number(Math.abs(100 * value).toFixed(2))} points`

// pass/fail pairs: a sample went from right to wrong with chance `worse`, from wrong to right with chance `better`,
// and otherwise stayed right (or wrong, with chance `wrong`)
function binaryScenario(worse: number, better: number, wrong: number): Scenario {
  const value = better - worse
  // pass/fail pairs get a closed-form interval, never a bootstrap
  return {
    resampled: false,
    draw: (n, random, resamples) => {
      const pairs: ScorePair[] = Array.from({ length: n }, () => {
        const [baseline, current] = [
          [1, 0],
          [0, 1],
          [0, 0],
          [1, 1],
        ][categorical([worse, better, wrong, 1 - worse - better - wrong], random)]!
        return { baseline: baseline!, current: current! }
      })
      const comparison = comparePaired(pairs, false, { resamples, range: UNIT })
      return [
        {
          kind: 'paired difference, pass/fail',
          truth: `${percent(worse + better)} changed, ${percent(wrong)} wrong in both, ${points(value)}`,
          value,
          interval: comparison?.interval ?? null,
        },
      ]
    },
  }
}

// scores in [0, 1]: the current score equals the baseline's with chance `same`, else it is a fresh u^a
function continuousScenario(same: number, power: number): Scenario {
  const value = (1 - same) * (1 / (power + 1) - 1 / 2)
  return {
    resampled: true,
    least: 400,
    draw: (n, random, resamples) => {
      const pairs: ScorePair[] = Array.from({ length: n }, () => {
        const baseline = random()
        return { baseline, current: random() < same ? baseline : random() ** power }
      })
      const comparison = comparePaired(pairs, false, { resamples, range: UNIT })
      return [
        {
          kind: 'paired difference, scores',
          truth: `${percent(1 - same)} rescored as u^${power}, ${points(value)}`,
          value,
          interval: comparison?.interval ?? null,
        },
      ]
    },
  }
}

// two classifiers of the same samples, each wrong independently of the other
function corpusScenario(name: string, before: Classifier, after: Classifier): Scenario {
  const value = populationFigures(after).macro_f1! - populationFigures(before).macro_f1!
  return {
    resampled: true,
    budget: classificationBudget,
    draw: (n, random, resamples) => {
      const pairs: CorpusPair[] = Array.from({ length: n }, (_, i) => {
        const t = categorical(before.shares, random)
        const target = before.labels[t]!
        const id = String(i).padStart(5, '0')
        const sample = (classifier: Classifier) => ({
          id,
          attempt: 0,
          subset: null,
          scores: {},
          answer: classifier.labels[categorical(classifier.confusion[t]!, random)]!,
          target,
        })
        return { baseline: sample(before), current: sample(after) }
      })
      const comparison = compareCorpus(pairs, classificationAggregate, { resamples, range: () => UNIT }).find(
        (c) => c.metric === 'macro_f1',
      )
      if (comparison === undefined) return []
      return [{ kind: 'paired difference, macro-F1', truth: `${name}, ${points(value)}`, value, interval: comparison.interval }]
    },
  }
}

const twoLabels = (shares: [number, number], right: [number, number]): Classifier => ({
  labels: ['neg', 'pos'],
  shares,
  confusion: [
    [right[0], 1 - right[0]],
    [1 - right[1], right[1]],
  ],
})

// a judge's verdict equals the human label with chance `agree`, else it is the other verdict
function judgeKappaScenario(yes: number, agree: number): Scenario {
  const value = populationFigures(twoLabels([1 - yes, yes], [agree, agree])).kappa!
  return {
    resampled: true,
    budget: classificationBudget,
    draw: (n, random, resamples) => {
      const labels = Array.from({ length: n }, () => (random() < yes ? 'yes' : 'no'))
      const verdicts = labels.map((label) => (random() < agree ? label : label === 'yes' ? 'no' : 'yes'))
      const interval = kappaInterval(labels, verdicts, { min: -1, max: 1 }, resamples)
      return [{ kind: 'judge kappa', truth: `${percent(yes)} yes, agrees ${percent(agree)} (${value.toFixed(3)})`, value, interval }]
    },
  }
}

/** Every paired difference and judge kappa. */
export const PAIRED_SCENARIOS: readonly Scenario[] = [
  binaryScenario(0.05, 0.05, 0.1),
  binaryScenario(0.07, 0.03, 0.1),
  binaryScenario(0.02, 0, 0),
  binaryScenario(0.005, 0.005, 0),
  // most samples wrong in both runs and a few changed: Newcombe's interval was near [0, 0] whenever none changed
  binaryScenario(0.02, 0, 0.4),
  continuousScenario(0.7, 1.5),
  continuousScenario(0.95, 3),
  corpusScenario('2 labels 50/50, 80% then 85% right', twoLabels([0.5, 0.5], [0.8, 0.8]), twoLabels([0.5, 0.5], [0.85, 0.85])),
  corpusScenario('2 labels 70/30, all right both', twoLabels([0.7, 0.3], [1, 1]), twoLabels([0.7, 0.3], [1, 1])),
  judgeKappaScenario(0.5, 0.85),
  judgeKappaScenario(0.1, 0.9),
  judgeKappaScenario(0.5, 1),
]
