import { describe, expect, it } from 'vitest'
import {
  classificationAggregate,
  classificationMetrics,
  createMetricCatalog,
  labelSlug,
  perLabelFigure,
  type CorpusSample,
} from '../../src/metrics/index.ts'

// a three-label sentiment set of 12 items, target → predicted:
//   positive: 1-3 positive, 4 negative, 5 neutral
//   negative: 6, 7, 9 negative, 8 positive
//   neutral:  10 neutral, 11 positive, 12 negative
const TARGETS = ['pos', 'pos', 'pos', 'pos', 'pos', 'neg', 'neg', 'neg', 'neg', 'neu', 'neu', 'neu']
const PREDICTED = ['pos', 'pos', 'pos', 'neg', 'neu', 'neg', 'neg', 'pos', 'neg', 'neu', 'pos', 'neg']
const SENTIMENT = TARGETS.map((target, i) => ({ target, predicted: PREDICTED[i]! }))

describe('classificationMetrics', () => {
  it('gives the per-label, macro and micro figures and kappa of their definitions (as f1_score and cohen_kappa_score)', () => {
    // pos: TP 3, FP 2 (items 8, 11), FN 2 (4, 5): P 3/5, R 3/5, F1 0.6
    // neg: TP 3, FP 2 (4, 12), FN 1 (8): P 3/5, R 3/4, F1 2·0.6·0.75/1.35 = 2/3
    // neu: TP 1, FP 1 (5), FN 2 (11, 12): P 1/2, R 1/3, F1 2·(1/6)/(5/6) = 0.4
    // macro F1 (0.6 + 2/3 + 0.4)/3 = 5/9; micro: TP 7, FP 5, FN 5, so P = R = F1 = 7/12
    // kappa: p_o = 7/12; targets pos 5, neg 4, neu 3; predictions pos 5, neg 5, neu 2;
    //   p_e = (5·5 + 4·5 + 3·2)/144 = 51/144; κ = (84 − 51)/(144 − 51) = 33/93
    const figures = classificationMetrics(SENTIMENT)
    const expected: Record<string, number> = {
      precision_pos: 0.6,
      recall_pos: 0.6,
      f1_pos: 0.6,
      precision_neg: 0.6,
      recall_neg: 0.75,
      f1_neg: 2 / 3,
      precision_neu: 0.5,
      recall_neu: 1 / 3,
      f1_neu: 0.4,
      macro_precision: 1.7 / 3,
      macro_recall: (0.6 + 0.75 + 1 / 3) / 3,
      macro_f1: 5 / 9,
      micro_precision: 7 / 12,
      micro_recall: 7 / 12,
      micro_f1: 7 / 12,
      kappa: 33 / 93,
    }
    expect(Object.keys(figures).sort()).toEqual(Object.keys(expected).sort())
    for (const [metric, value] of Object.entries(expected)) expect(figures[metric], metric).toBeCloseTo(value, 12)
    // the same figures as decimals, as scikit-learn prints them
    expect(figures.macro_f1).toBeCloseTo(0.5555556, 7)
    expect(figures.kappa).toBeCloseTo(0.3548387, 7)
  })

  it('counts an unanswered item against its label\u2019s recall and no label\u2019s precision, and as a category of its own in kappa', () => {
    // a: TP 1, FP 1, FN 1 (P 1/2, R 1/2, F1 1/2); b: TP 1, FP 0, FN 1 (P 1, R 1/2, F1 2/3)
    // micro: TP 2, FP 1, FN 2: P 2/3, R 1/2, F1 4/7; kappa: p_o 1/2, p_e (2·2 + 2·1)/16 = 3/8, κ = (1/8)/(5/8) = 0.2
    const figures = classificationMetrics([
      { target: 'a', predicted: 'a' },
      { target: 'a', predicted: null },
      { target: 'b', predicted: 'b' },
      { target: 'b', predicted: 'a' },
    ])
    expect(figures.f1_a).toBeCloseTo(0.5, 12)
    expect(figures.f1_b).toBeCloseTo(2 / 3, 12)
    expect(figures.macro_f1).toBeCloseTo(7 / 12, 12)
    expect(figures.micro_f1).toBeCloseTo(4 / 7, 12)
    expect(figures.kappa).toBeCloseTo(0.2, 12)
  })

  it('leaves kappa out where it is undefined, and gives nothing for no items', () => {
    expect(classificationMetrics([{ target: 'a', predicted: 'a' }]).kappa).toBeUndefined()
    expect(classificationMetrics([])).toEqual({})
  })
})

describe('classificationAggregate', () => {
  const sample = (id: string, answer: string | null, target: string | readonly string[] | null): CorpusSample => ({
    id,
    attempt: 0,
    subset: null,
    scores: {},
    answer,
    target,
  })

  it('reads an answer that differs from its target only in case and space as that label, and a list of targets by its first', () => {
    const figures = classificationAggregate([
      sample('1', ' Positive', 'positive'),
      sample('2', 'negative', ['negative', 'neg']),
      sample('3', 'positive', 'negative'),
      sample('4', 'x', null),
    ])
    expect(figures.recall_positive).toBe(1)
    expect(figures.precision_positive).toBe(0.5)
    expect(figures.recall_negative).toBe(0.5)
    expect(figures.micro_recall).toBeCloseTo(2 / 3, 12)
  })

  it('reads an answer equal to any label but for case and space as that label, not only against its own target', () => {
    // targets "pos": answered pos, Pos, POS, POS, neg, Neg; targets "neg": answered pos, Pos, POS, neg, neg, NEG.
    // read as labels: pos TP 4, FP 3 (the three on "neg" samples), FN 2, so precision 4/7 and recall 4/6;
    // kappa: p_o 7/12, targets 6 and 6, answers pos 7 and neg 5: p_e (6·7 + 6·5)/144 = 1/2, κ = (7/12 − 1/2)/(1/2) = 1/6
    const answers = [
      ['pos', 'Pos', 'POS', 'POS', 'neg', 'Neg'],
      ['pos', 'Pos', 'POS', 'neg', 'neg', 'NEG'],
    ] as const
    const figures = classificationAggregate(
      answers.flatMap((row, r) => row.map((answer, i) => sample(`${r}-${i}`, answer, r === 0 ? 'pos' : 'neg'))),
    )
    expect(figures.precision_pos).toBeCloseTo(4 / 7, 12)
    expect(figures.recall_pos).toBeCloseTo(4 / 6, 12)
    expect(figures.precision_neg).toBeCloseTo(3 / 5, 12)
    expect(figures.kappa).toBeCloseTo(1 / 6, 12)
  })

  it('takes targets that differ only in case and space for one label', () => {
    const figures = classificationAggregate([
      sample('1', 'pos', 'Pos'),
      sample('2', 'POS', 'pos '),
      sample('3', 'neg', 'neg'),
      sample('4', 'pos', 'neg'),
    ])
    expect(
      Object.keys(figures)
        .filter((name) => name.startsWith('recall_'))
        .sort(),
    ).toEqual(['recall_neg', 'recall_pos'])
    expect(figures.recall_pos).toBe(1)
    expect(figures.precision_pos).toBeCloseTo(2 / 3, 12)
    expect(figures.recall_neg).toBe(0.5)
  })

  it('gives each label a metric name of its own, however close their spellings', () => {
    // "a-b" answered right twice, "a_b" wrong twice: each label keeps its own figures
    const figures = classificationAggregate([
      sample('1', 'a-b', 'a-b'),
      sample('2', 'a-b', 'a-b'),
      sample('3', 'x', 'a_b'),
      sample('4', 'x', 'a_b'),
      sample('5', 'é', 'é'),
      sample('6', 'é', 'è'),
    ])
    expect(figures[`recall_${labelSlug('a-b')}`]).toBe(1)
    expect(figures[`recall_${labelSlug('a_b')}`]).toBe(0)
    expect(figures[`recall_${labelSlug('é')}`]).toBe(1)
    expect(figures[`recall_${labelSlug('è')}`]).toBe(0)
    expect(Object.keys(figures).filter((name) => name.startsWith('f1_'))).toHaveLength(4)
  })
})

describe('the catalog of classification figures', () => {
  it('holds the averages and kappa, and a per-label figure under any label name', () => {
    const catalog = createMetricCatalog()
    expect(catalog.get('macro_f1')).toMatchObject({ kind: 'score', direction: 'higher', range: { min: 0, max: 1 }, display: 'percent' })
    expect(catalog.get('kappa')).toMatchObject({ direction: 'higher', range: { min: -1, max: 1 } })
    expect(catalog.has(`f1_${labelSlug('Very Positive')}`)).toBe(true)
    expect(catalog.get('recall_very_positive').direction).toBe('higher')
    expect(catalog.has('f1_')).toBe(false)
    expect(labelSlug('A')).toBe('a')
  })

  it('names a label that is a plain identifier as before, so committed baselines keep matching, and any other label distinctly', () => {
    const plain = ['positive', 'A', 'Very_Positive', 'b2', '5', '0']
    expect(plain.map(labelSlug)).toEqual(['positive', 'a', 'very_positive', 'b2', 'label_5', 'label_0'])
    const close = ['a-b', 'a_b', 'a b', 'a__b', 'é', 'è', 'label_5', '5', '5 stars', '_5', 'label-5', '']
    const names = close.map(labelSlug)
    expect(new Set(names).size).toBe(close.length)
    const catalog = createMetricCatalog()
    for (const name of names) expect(catalog.has(`f1_${name}`), name).toBe(true)
    // and each name reads back as its label, for the table to show it
    expect(close.map((label) => perLabelFigure(`recall_${labelSlug(label)}`)?.label)).toEqual(close)
  })
})
