import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'
import { datasets, loadRecords, loadSamples, type DatasetSource } from '../../src/dataset/index.ts'
import { DatasetError } from '../../src/errors.ts'
import { jsonl, rejection, useTempData } from './temp-data.ts'

const data = useTempData()
const dataFile = data.file
const shown = data.shown
const loadError = (source: DatasetSource): Promise<DatasetError> => rejection(source.load())

describe('datasets.jsonl', () => {
  it('reads question/answer fields, coerces a numeric answer to text and keeps the other fields as metadata', async () => {
    const path = dataFile(
      'defaults.jsonl',
      jsonl(
        { question: '2+2?', answer: 4, source: 'arithmetic', level: 1 },
        { id: 'capital-fr', question: 'Capital of France?', answer: 'Paris' },
      ) + '\n\n',
    )
    const samples = await datasets.jsonl(path).load()
    expect(samples).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), input: '2+2?', target: '4', metadata: { source: 'arithmetic', level: 1 } },
      { id: 'capital-fr', input: 'Capital of France?', target: 'Paris' },
    ])
  })

  it('matches the default field names in any letter case, preferring an exact name', async () => {
    const path = dataFile(
      'cased.jsonl',
      jsonl({ ID: 'q1', Question: '2+2?', ANSWER: '4' }, { Question: 'exact wins', question: 'this one', Answer: 'a' }),
    )
    expect(await datasets.jsonl(path).load()).toEqual([
      { id: 'q1', input: '2+2?', target: '4' },
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), input: 'this one', target: 'a', metadata: { Question: 'exact wins' } },
    ])
  })

  it('uses a numeric id as text', async () => {
    const path = dataFile('numeric-id.jsonl', jsonl({ id: 7, input: 'q', target: 'a' }))
    expect(await datasets.jsonl(path).load()).toEqual([{ id: '7', input: 'q', target: 'a' }])
  })

  it('gives a sample without an id a content hash that is the same across loads and positions', async () => {
    const two = { question: '1+1?', answer: 2, note: 'metadata is not part of the id' }
    const three = { question: '1+2?', answer: '3' }
    const first = dataFile('hash-a.jsonl', jsonl(two, three))
    const second = dataFile('hash-b.jsonl', jsonl({ question: 'other', answer: 'x' }, three, { ...two, note: 'changed' }))
    const [a2, a3] = await datasets.jsonl(first).load()
    const again = await datasets.jsonl(first).load()
    const [, b3, b2] = await datasets.jsonl(second).load()
    expect(a2!.id).toMatch(/^[0-9a-f]{12}$/)
    expect(again.map((s) => s.id)).toEqual([a2!.id, a3!.id])
    expect(b2!.id).toBe(a2!.id)
    expect(b3!.id).toBe(a3!.id)
    expect(a2!.id).not.toBe(a3!.id)
  })

  it('keeps samples with identical content apart with a numbered id', async () => {
    const same = { question: 'q', answer: 'a' }
    const [first, second] = await datasets.jsonl(dataFile('same-twice.jsonl', jsonl(same, same))).load()
    expect(second!.id).toBe(`${first!.id}-2`)
  })

  it('names a truncated line by file and line number', async () => {
    const path = dataFile('truncated.jsonl', jsonl({ question: 'q1', answer: 'a' }, '{"question": "q2", "ans'))
    const error = await loadError(datasets.jsonl(path))
    expect(error.code).toBe('EVALSUITE_DATASET_INVALID')
    expect(error.issues).toEqual([{ file: path, line: 2, message: 'not valid JSON: unterminated string at column 24' }])
    expect(shown(error)).toBe('Invalid dataset:\n<dir>/truncated.jsonl:2: not valid JSON: unterminated string at column 24')
  })

  it('reports every bad line together, not only the first', async () => {
    const path = dataFile(
      'several-bad.jsonl',
      jsonl({ question: 'q1', answer: 'a' }, '[1, 2]', { question: 'q3', answer: 'c' }, '"just text"', { question: 'q5' }),
    )
    const error = await loadError(datasets.jsonl(path))
    expect(shown(error)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/several-bad.jsonl:2: each line must be a JSON object, found an array
      <dir>/several-bad.jsonl:4: each line must be a JSON object, found a string
      <dir>/several-bad.jsonl:5: target: missing; map it with the "target" field option or a mapping function"
    `)
    expect(error.issues.map((issue) => issue.line)).toEqual([2, 4, 5])
  })

  it('names the missing target field and how to map it, in a file whose other records have one', async () => {
    const path = dataFile('no-target.jsonl', jsonl({ question: 'q0', answer: 'b' }, { question: 'q1', solution: 'a' }))
    const error = await loadError(datasets.jsonl(path))
    expect(error.issues).toEqual([
      { file: path, line: 2, field: 'target', message: 'missing; map it with the "target" field option or a mapping function' },
    ])
    expect(shown(error)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/no-target.jsonl:2: target: missing; map it with the "target" field option or a mapping function"
    `)
  })

  it("names the loader of a file in EvalScope's QA layout (query and response) once, above the lines it cannot read", async () => {
    const path = dataFile(
      'evalscope-qa.jsonl',
      jsonl({ query: 'Capital of France?', response: 'Paris' }, { messages: [{ role: 'user', content: 'Hi?' }], response: 'Hello' }),
    )
    expect(shown(await loadError(datasets.jsonl(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/evalscope-qa.jsonl: the records are in EvalScope's general QA layout ("query" or "messages", and "response"): read the file with datasets.evalscope(), which takes them as the input and the target
      <dir>/evalscope-qa.jsonl:1: input: missing; map it with the "input" field option or a mapping function
      <dir>/evalscope-qa.jsonl:2: input: missing; map it with the "input" field option or a mapping function"
    `)
  })

  it('names both lines of a duplicate explicit id', async () => {
    const path = dataFile(
      'duplicate-ids.jsonl',
      jsonl({ id: 'q1', input: 'a', target: 'a' }, { id: 'q2', input: 'b', target: 'b' }, { id: 'q1', input: 'c', target: 'c' }),
    )
    const error = await loadError(datasets.jsonl(path))
    expect(shown(error)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/duplicate-ids.jsonl:3: id: duplicate sample id "q1" (first at <dir>/duplicate-ids.jsonl:1)"
    `)
  })

  it('refuses an empty file, naming it', async () => {
    const path = dataFile('empty.jsonl', '')
    const error = await loadError(datasets.jsonl(path))
    expect(error.issues).toEqual([{ file: path, message: 'the file is empty' }])
    expect(shown(error)).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/empty.jsonl: the file is empty"
    `)
  })

  it('refuses a file that does not exist, naming the path as given and the folder it is relative to', async () => {
    const error = await loadError(datasets.jsonl('fixtures/data/no-such-file.jsonl'))
    expect(error.issues).toEqual([
      {
        file: 'fixtures/data/no-such-file.jsonl',
        message: `file not found (paths are relative to the working directory, ${process.cwd()})`,
      },
    ])
    expect(error.message.replaceAll(process.cwd(), '<cwd>')).toMatchInlineSnapshot(`
      "Invalid dataset:
      fixtures/data/no-such-file.jsonl: file not found (paths are relative to the working directory, <cwd>)"
    `)
    const absolute = await loadError(datasets.jsonl(`${process.cwd()}/fixtures/data/no-such-file.jsonl`))
    expect(absolute.issues[0]!.message).toBe('file not found')
  })

  it('builds samples with a mapping function', async () => {
    const path = dataFile('mapped.jsonl', jsonl({ n: 1, q: 'Capital of Italy?', a: 'Rome', lang: 'en' }))
    const source = datasets.jsonl(path, {
      fields: (record) => ({
        id: record.n as number,
        input: `Q: ${String(record.q)}`,
        target: [String(record.a), 'Roma'],
        metadata: { lang: record.lang },
      }),
    })
    expect(await source.load()).toEqual([{ id: '1', input: 'Q: Capital of Italy?', target: ['Rome', 'Roma'], metadata: { lang: 'en' } }])
  })

  it('names the record whose mapping function threw', async () => {
    const path = dataFile('mapping-throws.jsonl', jsonl({ q: 'a' }))
    const source = datasets.jsonl(path, {
      fields: () => {
        throw new Error('no "a" field')
      },
    })
    expect(shown(await loadError(source))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/mapping-throws.jsonl:1: the field mapping threw: no "a" field"
    `)
  })
})

describe('datasets.csv', () => {
  it('reads a header row, a quoted field holding a comma and a line break, a BOM and CRLF line ends', async () => {
    const path = dataFile(
      'bom-crlf.csv',
      '\uFEFFquestion,answer,source\r\n"Say ""hi"", then\r\ncount to 3",3,book\r\nWhat is 2+2?,4,web\r\n',
    )
    expect(await datasets.csv(path).load()).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), input: 'Say "hi", then\r\ncount to 3', target: '3', metadata: { source: 'book' } },
      { id: expect.stringMatching(/^[0-9a-f]{12}$/), input: 'What is 2+2?', target: '4', metadata: { source: 'web' } },
    ])
  })

  it('reads a headerless file with named columns and one column per option', async () => {
    const path = dataFile('headerless.csv', 'Capital of France?,Paris,London,Berlin,Rome,A\nCapital of Italy?,Paris,London,Berlin,Rome,D\n')
    const source = datasets.csv(path, {
      columns: ['question', 'A', 'B', 'C', 'D', 'answer'],
      fields: { input: 'question', choices: ['A', 'B', 'C', 'D'], target: 'answer' },
    })
    const samples = await source.load()
    expect(samples.map(({ id: _id, ...rest }) => rest)).toEqual([
      { input: 'Capital of France?', choices: ['Paris', 'London', 'Berlin', 'Rome'], target: 'A' },
      { input: 'Capital of Italy?', choices: ['Paris', 'London', 'Berlin', 'Rome'], target: 'D' },
    ])
  })

  it('names the row with too few columns and the columns it lacks', async () => {
    const path = dataFile('short-row.csv', 'question,answer\nq1,a1\nq2\nq3,a3\n')
    expect(shown(await loadError(datasets.csv(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/short-row.csv:3: too few columns: no value for "answer""
    `)
  })

  it('names the columns a short row of a headerless file lacks', async () => {
    const path = dataFile('short-headerless.csv', 'q1,a,b,c,d,A\nq2,a,b\n')
    const source = datasets.csv(path, {
      columns: ['question', 'A', 'B', 'C', 'D', 'answer'],
      fields: { input: 'question', choices: ['A', 'B', 'C', 'D'], target: 'answer' },
    })
    expect(shown(await loadError(source))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/short-headerless.csv:2: too few columns: no value for "C", "D", "answer""
    `)
  })

  it('reports a record spanning several lines at the line it starts on', async () => {
    const path = dataFile('multiline-lf.csv', 'id,question,answer\nq1,"two\nlines",a\nq1,again,b\n')
    expect(shown(await loadError(datasets.csv(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/multiline-lf.csv:4: id: duplicate sample id "q1" (first at <dir>/multiline-lf.csv:2)"
    `)
  })

  it('counts a CRLF line break inside a quoted field as one line', async () => {
    const path = dataFile('multiline-crlf.csv', 'id,question,answer\r\nq0,"two\r\nlines",a\r\nq1,once,b\r\nq1,again,c\r\n')
    expect(shown(await loadError(datasets.csv(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/multiline-crlf.csv:5: id: duplicate sample id "q1" (first at <dir>/multiline-crlf.csv:4)"
    `)
  })

  it("keeps a quote inside an unquoted field as text, as Python's csv module reads it (MMLU has such rows)", async () => {
    const path = dataFile('inner-quote.csv', 'question,answer\nWhat is "Will to Truth?",A\nOk?",B\n')
    expect((await datasets.csv(path).load()).map((sample) => sample.input)).toEqual(['What is "Will to Truth?"', 'Ok?"'])
  })

  it('names the line where a quoted field opens and never closes', async () => {
    const path = dataFile('unclosed.csv', 'question,answer\r\nq1,a1\r\n\r\n"q2, never closed,a2\r\nq3,a3\r\n')
    expect(shown(await loadError(datasets.csv(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/unclosed.csv:4: a quoted field is never closed: a " is missing"
    `)
  })

  it('refuses a file with a header row only, naming it', async () => {
    const path = dataFile('header-only.csv', 'question,answer\n')
    expect(shown(await loadError(datasets.csv(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/header-only.csv: no samples"
    `)
  })
})

describe('datasets.json', () => {
  it('reads an array of records', async () => {
    const path = dataFile(
      'array.json',
      JSON.stringify([
        { id: 'a', question: 'q1', answer: 1 },
        { id: 'b', prompt: 'q2', label: 'x', options: ['x', 'y'] },
      ]),
    )
    expect(await datasets.json(path).load()).toEqual([
      { id: 'a', input: 'q1', target: '1' },
      { id: 'b', input: 'q2', target: 'x', choices: ['x', 'y'] },
    ])
  })

  it('reads the named split of an object of splits', async () => {
    const path = dataFile(
      'splits.json',
      JSON.stringify({ train: [{ id: 't1', question: 'q', answer: 'a' }], test: [{ id: 'x1', question: 'q', answer: 'b' }] }),
    )
    expect(await datasets.json(path, { split: 'test' }).load()).toEqual([{ id: 'x1', input: 'q', target: 'b' }])
  })

  it('names the splits a file has when the split asked for does not exist', async () => {
    const path = dataFile('splits-missing.json', JSON.stringify({ train: [], test: [] }))
    expect(shown(await loadError(datasets.json(path, { split: 'validation' })))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/splits-missing.json: no split "validation"; the file has "train", "test""
    `)
  })

  it('suggests `split` for an object of splits read without one', async () => {
    const path = dataFile('splits-unasked.json', JSON.stringify({ test: [] }))
    expect(shown(await loadError(datasets.json(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/splits-unasked.json: expected an array of records, found an object (pass \`split\` to pick one of the named splits)"
    `)
  })

  it('names a bad record by its line and its index, as a JSON file may hold many records on one line', async () => {
    const path = dataFile(
      'bad-records.json',
      JSON.stringify([{ id: 'a', question: 'q', answer: 'a' }, 'text', { id: 'a', question: 'q', answer: 'b' }, { question: 'q' }]),
    )
    expect(shown(await loadError(datasets.json(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/bad-records.json:1: [1]: each record must be a JSON object, found a string
      <dir>/bad-records.json:1: [2].id: duplicate sample id "a" (first at <dir>/bad-records.json:1 [0])
      <dir>/bad-records.json:1: [3].target: missing; map it with the "target" field option or a mapping function"
    `)
  })
})

describe('loadSamples with samples written inline', () => {
  it('validates them like file records, naming the benchmark and the index', async () => {
    const error = await loadSamples([{ input: 'q', target: 'a' }, { input: 'q2' } as never], 'dataset of "inline"').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatasetError)
    expect((error as DatasetError).message).toMatchInlineSnapshot(`
      "Invalid dataset:
      dataset of "inline": [1].target: missing; map it with the "target" field option or a mapping function"
    `)
  })

  it('refuses an empty list, naming the benchmark', async () => {
    await expect(loadSamples([], 'dataset of "inline"')).rejects.toThrowErrorMatchingInlineSnapshot(`
      [DatasetError: Invalid dataset:
      dataset of "inline": no samples]
    `)
  })
})

describe('reading JSONL text', () => {
  it('drops a byte order mark and reads CRLF line ends', async () => {
    const path = dataFile(
      'bom-crlf.jsonl',
      '\uFEFF{"id": "a", "question": "q1", "answer": "x"}\r\n{"id": "b", "question": "q2", "answer": "y"}\r\n',
    )
    expect(await datasets.jsonl(path).load()).toEqual([
      { id: 'a', input: 'q1', target: 'x' },
      { id: 'b', input: 'q2', target: 'y' },
    ])
  })

  it('names every line that is not UTF-8 text', async () => {
    const good = Buffer.from(jsonl({ question: 'Café?', answer: 'oui' }))
    const latin1 = Buffer.from('{"question": "Caf\xe9?", "answer": "non"}\n', 'latin1')
    const error = await loadError(datasets.jsonl(dataFile('latin1.jsonl', Buffer.concat([good, latin1, good, latin1]))))
    expect(error.issues.map((issue) => [issue.line, issue.message])).toEqual([
      [2, 'not valid UTF-8 text; save the file as UTF-8'],
      [4, 'not valid UTF-8 text; save the file as UTF-8'],
    ])
  })
})

describe('datasets.json line numbers', () => {
  it('gives each record of a pretty-printed array the line it starts on', async () => {
    const path = dataFile(
      'pretty.json',
      JSON.stringify([{ question: 'q1', answer: 'a' }, { question: 'q2' }, { question: 'q3', answer: { text: 'c' } }], null, 2),
    )
    expect(shown(await loadError(datasets.json(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/pretty.json:6: [1].target: missing; map it with the "target" field option or a mapping function
      <dir>/pretty.json:9: [2].target: must be a string or a list, received an object"
    `)
  })

  it('gives the records of a named split their lines and the split name', async () => {
    const text =
      '{\n  "train": [\n    {"question": "t", "answer": "x"}\n  ],\n  "test": [\n    {"question": "q1", "answer": "a"},\n    {"question": "q2"}\n  ]\n}\n'
    expect(shown(await loadError(datasets.json(dataFile('split-lines.json', text), { split: 'test' })))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/split-lines.json:7: test[1].target: missing; map it with the "target" field option or a mapping function"
    `)
  })

  it('names the line and column where a file stops being JSON', async () => {
    const path = dataFile('broken.json', '[\n  {"question": "q1", "answer": "a"},\n  {"question": "q2" "answer": "b"}\n]\n')
    expect(shown(await loadError(datasets.json(path)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/broken.json:3: not valid JSON: expected ',' or '}' after property value at column 21"
    `)
  })
})

describe('a folder of data files', () => {
  it('reads its files in name order and tells a mapping function which file each record came from', async () => {
    const folder = data.folder('mmlu-like', {
      'b_physics_test.csv': 'Speed of light?,c,v,a,b,A\n',
      'a_algebra_test.csv': '1+1?,1,2,3,4,B\n2+2?,2,3,4,5,C\n',
      'notes.txt': 'not data',
    })
    const samples = await datasets
      .csv(folder, {
        columns: ['question', 'A', 'B', 'C', 'D', 'answer'],
        fields: (record, source) => ({
          input: String(record.question),
          choices: [record.A, record.B, record.C, record.D].map(String),
          target: String(record.answer),
          subset: `${basename(source.file, '_test.csv')}:${source.line}`,
        }),
      })
      .load()
    expect(samples.map((sample) => [sample.input, sample.target, sample.subset])).toEqual([
      ['1+1?', 'B', 'a_algebra:1'],
      ['2+2?', 'C', 'a_algebra:2'],
      ['Speed of light?', 'A', 'b_physics:1'],
    ])
  })

  it('names the file of each problem, and refuses a folder with no file of the format', async () => {
    const folder = data.folder('two-files', {
      'one.jsonl': jsonl({ id: 'x', question: 'q', answer: 'a' }),
      'two.jsonl': jsonl({ id: 'x', question: 'q2', answer: 'b' }),
    })
    expect(shown(await loadError(datasets.jsonl(folder)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/two-files/two.jsonl:1: id: duplicate sample id "x" (first at <dir>/two-files/one.jsonl:1)"
    `)
    expect(shown(await loadError(datasets.csv(folder)))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/two-files: the folder holds no .csv file"
    `)
  })
})

describe('loadRecords', () => {
  it("gives a file's raw records with their file and line, before any field mapping", async () => {
    const path = dataFile('records.jsonl', jsonl({ q: 'one', a: 1 }, '', { q: 'two', a: 2 }))
    expect(await loadRecords(datasets.jsonl(path), 'records')).toEqual([
      { fields: { q: 'one', a: 1 }, file: path, line: 1 },
      { fields: { q: 'two', a: 2 }, file: path, line: 3 },
    ])
  })

  it('refuses a file that cannot be read, listing every problem', async () => {
    const path = dataFile('records-bad.csv', 'q,a\n1\n2,x\n3\n')
    expect(shown(await rejection(loadRecords(datasets.csv(path), 'records')))).toMatchInlineSnapshot(`
      "Invalid dataset:
      <dir>/records-bad.csv:2: too few columns: no value for "a"
      <dir>/records-bad.csv:4: too few columns: no value for "a""
    `)
  })

  it("gives inline samples as records named by their index, and a custom source's samples", async () => {
    expect(await loadRecords([{ input: 'q', target: 'a' }], 'inline')).toEqual([
      { fields: { input: 'q', target: 'a' }, file: 'inline', path: '[0]' },
    ])
    const custom: DatasetSource = { description: 'custom', load: async () => [{ id: 's1', input: 'q', target: 'a' }] }
    expect(await loadRecords(custom, 'custom')).toEqual([{ fields: { id: 's1', input: 'q', target: 'a' }, file: 'custom', path: '[0]' }])
  })
})

it('keeps the metadata of a sample written inline as it is, beside the other fields', async () => {
  const [sample] = await loadSamples([{ id: 'm', input: 'q', target: 'a', metadata: { level: 2 }, source: 'book' } as never], 'inline')
  expect(sample).toEqual({ id: 'm', input: 'q', target: 'a', metadata: { level: 2, source: 'book' } })
})
