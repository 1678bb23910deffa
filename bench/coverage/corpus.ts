// Corpus metrics, through `corpusRows` as the report computes them: the classification figures of
// `classification: true`, a user's own `aggregate` (a length-weighted accuracy) and `circular_accuracy`.
import {
  circularAccuracy,
  classificationAggregate,
  corpusRows,
  labelSlug,
  type CorpusAggregate,
  type CorpusSample,
} from '../../src/metrics/index.ts'
import { populationFigures, type Classifier } from './classification.ts'
import { categorical, type Budget, type Estimate, type Scenario } from './kind.ts'

const UNIT = { min: 0, max: 1 }
const COEFFICIENT = { min: -1, max: 1 }
const percent = (value: number): string => `${Number((100 * value).toFixed(2))}%`

function intervalsOf(samples: readonly CorpusSample[], aggregate: CorpusAggregate, resamples: number): Map<string, Estimate['interval']> {
  const rows = corpusRows(samples, aggregate, { resamples, range: (metric) => (metric === 'kappa' ? COEFFICIENT : UNIT) })
  return new Map([...rows].map(([metric, [overall]]) => [metric, overall!.interval]))
}

// the classification figures are computed from confusion counts, so a cell affords many runs at every n
export function classificationBudget(n: number, scale: number): Budget {
  const runs = (count: number): number => Math.max(10, Math.round(count * scale))
  if (n <= 100) return { runs: runs(1000), resamples: 1000 }
  if (n <= 300) return { runs: runs(500), resamples: 1000 }
  return { runs: runs(n <= 1000 ? 300 : 200), resamples: 500 }
}

function classifierScenario(name: string, classifier: Classifier): Scenario {
  const truth = populationFigures(classifier)
  const kinds: Array<[metric: string, kind: string]> = [
    ['macro_f1', 'macro-F1'],
    ['micro_f1', 'micro-F1'],
    ['kappa', 'kappa'],
    ...classifier.labels.map((label): [string, string] => [`f1_${labelSlug(label)}`, 'per-label F1']),
  ]
  return {
    resampled: true,
    budget: classificationBudget,
    draw: (n, random, resamples) => {
      const samples: CorpusSample[] = Array.from({ length: n }, (_, i) => {
        const target = categorical(classifier.shares, random)
        const answer = classifier.labels[categorical(classifier.confusion[target]!, random)]!
        return { id: String(i).padStart(5, '0'), attempt: 0, subset: null, scores: {}, answer, target: classifier.labels[target]! }
      })
      const intervals = intervalsOf(samples, classificationAggregate, resamples)
      // the figures are over the labels the targets hold: a run without a rare label estimates them on the samples of
      // the others (the row still names the figure of the whole population)
      const present = new Set(samples.map((sample) => sample.target as string))
      const value = present.size === classifier.labels.length ? truth : populationFigures(classifier, present)
      return kinds.flatMap(([metric, kind]) => {
        // a figure the run does not print (a label no sample has, a kappa undefined) has nothing to cover
        if (!intervals.has(metric)) return []
        const figure = kind === 'per-label F1' ? `${metric} ${percent(truth[metric]!)}` : percent(truth[metric]!)
        return [{ kind, truth: `${name}: ${figure}`, value: value[metric]!, interval: intervals.get(metric)! }]
      })
    },
  }
}

const classifiers = [
  classifierScenario('3 labels 80/15/5, 86% right', {
    labels: ['a', 'b', 'c'],
    shares: [0.8, 0.15, 0.05],
    confusion: [
      [0.9, 0.07, 0.03],
      [0.2, 0.75, 0.05],
      [0.3, 0.1, 0.6],
    ],
  }),
  classifierScenario('2 labels 95/5, 98% right', {
    labels: ['no', 'yes'],
    shares: [0.95, 0.05],
    confusion: [
      [0.99, 0.01],
      [0.2, 0.8],
    ],
  }),
  classifierScenario('2 labels 70/30, all right', {
    labels: ['neg', 'pos'],
    shares: [0.7, 0.3],
    confusion: [
      [1, 0],
      [0, 1],
    ],
  }),
]

// a user's aggregate: accuracy weighted by each sample's length, 1 to 100 tokens, longer samples less often right
const weightedAccuracy: CorpusAggregate = (samples): Record<string, number> => {
  let weight = 0
  let right = 0
  for (const { scores } of samples) {
    weight += scores.tokens!
    right += scores.tokens! * scores.accuracy!
  }
  return weight === 0 ? {} : { weighted_accuracy: right / weight }
}

function aggregateScenario(top: number, slope: number): Scenario {
  const chance = (tokens: number): number => top - (slope * tokens) / 100
  let weighted = 0
  for (let tokens = 1; tokens <= 100; tokens++) weighted += tokens * chance(tokens)
  const value = weighted / 5050
  return {
    resampled: true,
    least: 200,
    draw: (n, random, resamples) => {
      const samples: CorpusSample[] = Array.from({ length: n }, (_, i) => {
        const tokens = 1 + Math.floor(random() * 100)
        const accuracy = random() < chance(tokens) ? 1 : 0
        return { id: String(i).padStart(5, '0'), attempt: 0, subset: null, scores: { tokens, accuracy }, answer: null, target: null }
      })
      const interval = intervalsOf(samples, weightedAccuracy, resamples).get('weighted_accuracy') ?? null
      return [
        {
          kind: "a user's aggregate (weighted accuracy)",
          truth: `right ${percent(top)} − ${percent(slope)}·length (${percent(value)})`,
          value,
          interval,
        },
      ]
    },
  }
}

const aggregates = [aggregateScenario(0.95, 0.5), aggregateScenario(1, 0.05), aggregateScenario(1, 0)]

const ROTATIONS = 4

// a question is right in every rotation with chance `solid`; any other is right in each rotation with chance `each`
function circularScenario(solid: number, each: number): Scenario {
  const value = solid + (1 - solid) * each ** ROTATIONS
  const aggregate = circularAccuracy(ROTATIONS)
  return {
    resampled: true,
    least: 200,
    draw: (n, random, resamples) => {
      const samples: CorpusSample[] = []
      for (let i = 0; i < n; i++) {
        const chance = random() < solid ? 1 : each
        for (let attempt = 0; attempt < ROTATIONS; attempt++) {
          const accuracy = random() < chance ? 1 : 0
          samples.push({ id: String(i).padStart(5, '0'), attempt, subset: null, scores: { accuracy }, answer: null, target: null })
        }
      }
      const interval = intervalsOf(samples, aggregate, resamples).get('circular_accuracy') ?? null
      return [
        {
          kind: 'circular_accuracy',
          truth: `${percent(solid)} solid, others ${percent(each)} a rotation (${percent(value)})`,
          value,
          interval,
        },
      ]
    },
  }
}

const circular = [circularScenario(1, 0), circularScenario(0.8, 0.5), circularScenario(0, 0.3)]

/** Every corpus metric. */
export const CORPUS_SCENARIOS: readonly Scenario[] = [...classifiers, ...aggregates, ...circular]
