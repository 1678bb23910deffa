import { describe, expect, it } from 'vitest'
import { datasets, loadOpenCompassDataset } from '../../src/dataset/index.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const withoutIds = <T extends { id: string }>(samples: T[]): Omit<T, 'id'>[] => samples.map(({ id: _id, ...rest }) => rest)

describe('OpenCompass custom datasets, detected with no code', () => {
  it('reads a CSV with question, A to D and answer as multiple choice, other columns as metadata', async () => {
    const path = data.file('physics.csv', 'question,A,B,C,D,answer,source\n"Unit of force, in SI?",joule,newton,watt,pascal,B,book\n')
    const { kind, samples, meta } = await loadOpenCompassDataset(path)
    expect(kind).toBe('mcq')
    expect(withoutIds(samples)).toEqual([
      { input: 'Unit of force, in SI?', choices: ['joule', 'newton', 'watt', 'pascal'], target: 'B', metadata: { source: 'book' } },
    ])
    expect(samples[0]!.id).toMatch(/^[0-9a-f]{12}$/)
    expect(meta).toEqual({
      kind: 'mcq',
      abbreviation: 'physics',
      inferMethod: 'gen',
      columns: ['question', 'A', 'B', 'C', 'D', 'answer', 'source'],
      options: ['A', 'B', 'C', 'D'],
      inputColumns: ['question'],
      outputColumn: 'answer',
    })
  })

  it('reads a JSONL file with a single option column as question answering, numbers as text', async () => {
    const path = data.file('sums.v2.jsonl', jsonl({ question: '2+2?', A: 'ignored as an option', answer: 4 }))
    const { kind, samples, meta } = await loadOpenCompassDataset(path)
    expect(kind).toBe('qa')
    expect(withoutIds(samples)).toEqual([{ input: '2+2?', target: '4', metadata: { A: 'ignored as an option' } }])
    expect(meta.abbreviation).toBe('sums')
    expect(meta.options).toEqual([])
  })

  it('lets a question have fewer options than the file has columns, leaving the last ones empty', async () => {
    const path = data.file('ragged.csv', 'question,A,B,C,D,answer\nYes or no?,yes,no,,,A\nPick,w,x,y,z,D\n')
    const samples = await datasets.opencompass(path).load()
    expect(samples.map((sample) => sample.choices)).toEqual([
      ['yes', 'no'],
      ['w', 'x', 'y', 'z'],
    ])
  })

  it('keeps an id column as the sample id and a subset column as its subset', async () => {
    const path = data.file('with-ids.jsonl', jsonl({ id: 'q-1', subset: 'easy', question: '1+1?', A: '1', B: '2', answer: 'B' }))
    expect(await datasets.opencompass(path).load()).toEqual([
      { id: 'q-1', subset: 'easy', input: '1+1?', choices: ['1', '2'], target: 'B' },
    ])
  })

  it('reads a headerless CSV when told its columns, as MMLU ships', async () => {
    const path = data.file('anatomy_dev.csv', 'Which bone?,femur,tibia,ulna,radius,C\n')
    const { kind, samples } = await loadOpenCompassDataset(path, { columns: ['question', 'A', 'B', 'C', 'D', 'answer'] })
    expect(kind).toBe('mcq')
    expect(withoutIds(samples)).toEqual([{ input: 'Which bone?', choices: ['femur', 'tibia', 'ulna', 'radius'], target: 'C' }])
  })
})

describe('the .meta.json beside the data file', () => {
  it('overrides the abbreviation, infer method, answer column and input, rendering the human prompt into the input', async () => {
    const path = data.file('reading.csv', 'passage,query,A,B,gold\n"Cats purr.",What do cats do?,purr,bark,A\n')
    data.file(
      'reading.csv.meta.json',
      JSON.stringify({
        abbr: 'read',
        infer_method: 'ppl',
        input_columns: ['passage', 'query'],
        output_column: 'gold',
        human_prompt: '{passage}\nQuestion: {query}\nA. {A}\nB. {B}\n{{literal}}',
        bot_prompt: 'Answer: {gold}',
      }),
    )
    const { kind, samples, meta } = await loadOpenCompassDataset(path)
    expect(kind).toBe('mcq')
    expect(withoutIds(samples)).toEqual([
      { input: 'Cats purr.\nQuestion: What do cats do?\nA. purr\nB. bark\n{literal}', choices: ['purr', 'bark'], target: 'A' },
    ])
    expect(meta).toMatchObject({
      abbreviation: 'read',
      inferMethod: 'ppl',
      inputColumns: ['passage', 'query'],
      outputColumn: 'gold',
      botPrompt: 'Answer: {gold}',
      metaFile: `${path}.meta.json`,
    })
  })

  it('joins several input columns by a line break when there is no human prompt', async () => {
    const path = data.file('context.jsonl', jsonl({ context: 'Paris is in France.', question: 'Where is Paris?', answer: 'France' }))
    data.file('context.jsonl.meta.json', JSON.stringify({ input_columns: ['context', 'question'] }))
    expect(withoutIds((await loadOpenCompassDataset(path)).samples)).toEqual([
      { input: 'Paris is in France.\nWhere is Paris?', target: 'France' },
    ])
  })

  it('turns multiple choice columns into plain columns with data_type "qa", and limits the options with "options"', async () => {
    const qa = data.file('letters.jsonl', jsonl({ question: 'First letter?', A: 'x', B: 'y', answer: 'A' }))
    data.file('letters.jsonl.meta.json', JSON.stringify({ data_type: 'qa' }))
    expect(withoutIds((await loadOpenCompassDataset(qa)).samples)).toEqual([
      { input: 'First letter?', target: 'A', metadata: { A: 'x', B: 'y' } },
    ])
    const three = data.file('three.csv', 'question,A,B,C,D,answer\nq,a,b,c,d,C\n')
    data.file('three.csv.meta.json', JSON.stringify({ options: ['A', 'B', 'C'] }))
    expect(withoutIds((await loadOpenCompassDataset(three)).samples)).toEqual([
      { input: 'q', choices: ['a', 'b', 'c'], target: 'C', metadata: { D: 'd' } },
    ])
  })

  it('judges the data only by its syntax when the meta file is invalid, as its settings are unknown', async () => {
    const path = data.file(
      'both-wrong.jsonl',
      jsonl({ question: 'q', A: 'a', B: 'b', answer: 'A' }, { question: 'q2', A: 'a', B: 'b', answer: 'Z' }, '{"question": '),
    )
    data.file('both-wrong.jsonl.meta.json', JSON.stringify({ abbr: 'x', inferMethod: 'gen' }, null, 2))
    expect(data.shown(await rejection(loadOpenCompassDataset(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/both-wrong.jsonl:3: not valid JSON: the value is cut short
      <dir>/both-wrong.jsonl.meta.json:3: inferMethod: unknown key; the keys are abbr, data_type, infer_method, human_prompt, bot_prompt, template, input_columns, output_column, options, evaluator, evaluator_kwargs, test_range, meta_path"
    `)
  })

  it('refuses a file that is neither .jsonl nor .csv', async () => {
    const path = data.file('data.json', '[]')
    expect(data.shown(await rejection(loadOpenCompassDataset(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/data.json: an OpenCompass custom dataset is a .jsonl, .csv or .tsv file"
    `)
  })
})
