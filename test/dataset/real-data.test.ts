import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { datasets, loadOpenCompassDataset, type FieldMap } from '../../src/dataset/index.ts'

// slices of real public files (fixtures/real/SOURCES.md says which rows), read as a benchmark definition would read them
const real = (path: string): string => `fixtures/real/${path}`

const countBy = (values: (string | undefined)[]): Record<string, number> => {
  const counts: Record<string, number> = {}
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1
  return counts
}

describe('GSM8K test split', () => {
  const path = real('gsm8k/test.jsonl')

  it('has a sample per line, the first one exactly as written', async () => {
    const samples = await datasets.jsonl(path).load()
    expect(samples).toHaveLength(99)
    expect(samples[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      input:
        "Janet\u2019s ducks lay 16 eggs per day. She eats three for breakfast every morning and bakes muffins for her friends every day with four. She sells the remainder at the farmers' market daily for $2 per fresh duck egg. How much in dollars does she make every day at the farmers' market?",
      target:
        'Janet sells 16 - 3 - 4 = <<16-3-4=9>>9 duck eggs a day.\nShe makes 9 * 2 = $<<9*2=18>>18 every day at the farmer\u2019s market.\n#### 18',
    })
    expect(new Set(samples.map((sample) => sample.id)).size).toBe(99)
  })

  it('keeps the 14 golds written with thousands separators as written, on their lines', async () => {
    const records = await datasets.jsonl(path).loadRecords()
    const separated = records.flatMap((record) => {
      const gold = /#### (-?\d{1,3}(?:,\d{3})+)$/.exec(String(record.fields.answer))?.[1]
      return gold === undefined ? [] : [[record.line, gold]]
    })
    expect(separated).toEqual([
      [15, '2,125'],
      [17, '114,200'],
      [18, '276,000'],
      [19, '5,600'],
      [28, '1,600'],
      [36, '65,960'],
      [37, '1,450,000'],
      [41, '43,500'],
      [42, '10,800'],
      [51, '6,250'],
      [52, '14,000'],
      [66, '6,600'],
      [68, '1,875'],
      [86, '40,000'],
    ])
  })
})

describe('MMLU, headerless CSV files, one per subject', () => {
  const columns = ['question', 'A', 'B', 'C', 'D', 'answer']
  const fields: FieldMap = (record, source) => ({
    input: String(record.question),
    choices: [record.A, record.B, record.C, record.D].map(String),
    target: String(record.answer),
    subset: basename(source.file).replace(/_(dev|val|test)\.csv$/, ''),
  })
  const load = (split: string) => datasets.csv(real(`mmlu/${split}`), { columns, fields }).load()

  it('has 285 / 190 / 228 samples in dev / val / test, over the same 57 subjects', async () => {
    const [dev, val, test] = await Promise.all([load('dev'), load('val'), load('test')])
    expect([dev.length, val.length, test.length]).toEqual([285, 190, 228])
    const subjects = (samples: typeof dev) => Object.keys(countBy(samples.map((sample) => sample.subset))).sort()
    expect(subjects(dev)).toHaveLength(57)
    expect(subjects(val)).toEqual(subjects(dev))
    expect(subjects(test)).toEqual(subjects(dev))
    expect(Object.values(countBy(dev.map((sample) => sample.subset)))).toEqual(Array(57).fill(5))
    expect(Object.values(countBy(test.map((sample) => sample.subset)))).toEqual(Array(57).fill(4))
    expect(countBy(test.map((sample) => String(sample.target)))).toEqual({
      A: expect.any(Number),
      B: expect.any(Number),
      C: expect.any(Number),
      D: expect.any(Number),
    })
  })

  it('reads quoted fields holding commas, and a row whose quote stands inside an unquoted field, as Python does', async () => {
    const [, second] = await load('dev')
    expect(second).toMatchObject({
      input:
        'Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.',
      choices: ['True, True', 'False, False', 'True, False', 'False, True'],
      target: 'B',
      subset: 'abstract_algebra',
    })
    const { samples } = await loadOpenCompassDataset(real('mmlu/val/college_medicine_val.csv'), { columns })
    expect(samples[5]).toMatchObject({
      input: 'Which of the following would be the most accurate definition of Nietzsche\u2019s Will to Truth?"',
      target: 'A',
    })
  })

  it('gives a question spanning several lines the line it starts on', async () => {
    const records = await datasets.csv(real('mmlu/dev/college_computer_science_dev.csv'), { columns }).loadRecords()
    expect(records.map((record) => record.line)).toEqual([1, 2, 6, 10, 13])
    expect(String(records[2]!.fields.question)).toMatch(
      /^The Singleton design pattern[^]*\nIII\. The Singleton class has a private constructor\.$/,
    )
  })
})

describe('MMLU-Pro test split', () => {
  const load = () => datasets.jsonl(real('mmlu_pro/test.jsonl'), { fields: { id: 'question_id', subset: 'category' } }).load()

  it('has a sample per line in 14 categories, with 3 to 10 options each', async () => {
    const samples = await load()
    expect(samples).toHaveLength(294)
    expect(countBy(samples.map((sample) => sample.subset))).toEqual({
      biology: 12,
      business: 20,
      chemistry: 25,
      'computer science': 9,
      economics: 27,
      engineering: 25,
      health: 16,
      history: 15,
      law: 24,
      math: 38,
      other: 24,
      philosophy: 12,
      physics: 34,
      psychology: 13,
    })
    expect(countBy(samples.map((sample) => String(sample.choices!.length)))).toEqual({
      3: 1,
      4: 15,
      5: 1,
      6: 3,
      7: 4,
      8: 8,
      9: 24,
      10: 238,
    })
  })

  it('reads the last sample exactly as written', async () => {
    const samples = await load()
    expect(samples.at(-1)).toEqual({
      id: '12256',
      input:
        'The frequency range of a commercially broadcast FM signal is 88 to 108 MHz, with carrier swing of 125 kHz. Find the percentage modulation of the signal.',
      choices: ['110%', '125%', '50%', '62.5%', '75%', '83.3%', '93.8%', '57.1%', '100%', '90%'],
      target: 'F',
      subset: 'engineering',
      metadata: { answer_index: 5, cot_content: '', src: 'stemez-ElectronicCommunications' },
    })
  })
})

describe('MATH-500', () => {
  it('has a sample per line in 7 subjects, the first one exactly as written', async () => {
    const samples = await datasets
      .jsonl(real('math500/test.jsonl'), { fields: { id: 'unique_id', input: 'problem', subset: 'subject' } })
      .load()
    expect(samples).toHaveLength(120)
    expect(countBy(samples.map((sample) => sample.subset))).toEqual({
      Algebra: 22,
      'Counting & Probability': 13,
      Geometry: 9,
      'Intermediate Algebra': 18,
      'Number Theory': 22,
      Prealgebra: 23,
      Precalculus: 13,
    })
    expect(samples[0]).toEqual({
      id: 'test/precalculus/807.json',
      input:
        'Convert the point $(0,3)$ in rectangular coordinates to polar coordinates.  Enter your answer in the form $(r,\\theta),$ where $r > 0$ and $0 \\le \\theta < 2 \\pi.$',
      target: '\\left( 3, \\frac{\\pi}{2} \\right)',
      subset: 'Precalculus',
      metadata: {
        solution: expect.stringMatching(
          /^We have that \$r = \\sqrt\{0\^2 \+ 3\^2\} = 3\.\$[^]*\\boxed\{\\left\( 3, \\frac\{\\pi\}\{2\} \\right\)\}\.\$$/,
        ),
        level: 2,
      },
    })
  })
})

describe('OpenCompass NEJM AI benchmark CSV', () => {
  const path = real('opencompass-nejm/NEJM_All_Questions_And_Answers.csv')

  it('reads each Choices cell as its options, one a line, as OpenCompass reads them, with the Question and Answer columns named', async () => {
    const samples = await datasets.csv(path, { fields: { input: 'Question', target: 'Answer' } }).load()
    expect(samples).toHaveLength(40)
    expect(samples[0]).toMatchObject({
      id: '2463',
      input:
        'In addition to ongoing lifestyle modification, which ONE of the following options would represent your BEST recommendation to him?',
      target: 'D',
      choices: [
        'You should reassure him that his elevated diastolic BP does not have adverse prognostic implications because his systolic BP is normal',
        'You should inform him that although his cardiovascular risk is increased, isolated diastolic hypertension does not require treatment',
        'You should inform him that his cardiovascular risk is less than patients with systo-diastolic hypertension and that you would not treat him until his home diastolic BPs are > 100 mmHg',
        'You should inform him that his cardiovascular risk is increased and that you recommend that he start drug treatment',
      ],
      metadata: { Subject: 'Hypertension', Solution: 'temp nan' },
    })
    expect(countBy(samples.map((sample) => String(sample.choices?.length)))).toEqual({ '3': 2, '4': 29, '5': 8, '9': 1 })
    // a numbered option keeps its number, as OpenCompass drops only a letter
    const mixed = samples.find((sample) => sample.id === '2824')!
    expect(mixed.choices).toEqual([
      '1. Increased risk of transfusion-related reactions',
      'No difference in mortality at 90 days',
      'Decreased number of RRT-free days within 28 days of transfusion',
      'Increased risk of AKI requiring RRT',
      'Decreased duration of mechanical ventilation',
    ])
  })

  it('reads the same with no field named: Question, Answer and Choices are default names in any letter case', async () => {
    const named = await datasets.csv(path, { fields: { input: 'Question', target: 'Answer' } }).load()
    expect(await datasets.csv(path).load()).toEqual(named)
  })
})
