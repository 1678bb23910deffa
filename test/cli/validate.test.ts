import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { jsonl, useTempData } from '../dataset/temp-data.ts'
import { cliInProcess } from '../support/cli-in-process.ts'

const data = useTempData()

const evalsuite = cliInProcess(data.dir)

describe('evalsuite validate', () => {
  it('prints what an OpenCompass file with a meta file holds, and exits 0', async () => {
    const path = data.file(
      'quiz.csv',
      'question,A,B,C,answer,subset\n2+2?,3,4,5,B,math\nH2O?,water,salt,air,A,chemistry\n3+3?,5,6,7,B,math\n',
    )
    data.file('quiz.csv.meta.json', JSON.stringify({ abbr: 'quiz' }))
    const run = await evalsuite('validate', path)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatchInlineSnapshot(`
      "<dir>/quiz.csv: valid
        format   OpenCompass custom dataset (CSV, meta from <dir>/quiz.csv.meta.json), abbreviation "quiz", infer method gen
        type     mcq, options A, B, C, input from "question", answer from "answer"
        fields   question, A, B, C, answer, subset
        samples  3
        subsets  2: chemistry (1), math (2)
      "
    `)
  })

  it('prints ChatML, JSON splits and plain JSONL summaries', async () => {
    const chat = data.file('chat.jsonl', jsonl({ question: [{ role: 'user', content: 'hi' }], answer: ['hello'] }))
    const splits = data.file(
      'splits.json',
      JSON.stringify({
        dev: [{ question: 'q', answer: 'a' }],
        test: [
          { question: 'q', answer: 'a' },
          { question: 'r', answer: 'b' },
        ],
      }),
    )
    const pro = data.file(
      'pro.jsonl',
      jsonl(
        { question: 'q', options: ['a', 'b', 'c'], answer: 'A', category: 'law' },
        { question: 'r', options: ['a', 'b'], answer: 'B', category: 'math' },
      ),
    )
    const run = await evalsuite('validate', chat, splits)
    const mapped = await evalsuite('validate', pro, '--field', 'subset=category')
    expect([run.code, mapped.code]).toEqual([0, 0])
    expect(run.stdout + mapped.stdout).toMatchInlineSnapshot(`
      "<dir>/chat.jsonl: valid
        format   ChatML (JSONL)
        type     chatml
        fields   question, answer
        samples  1
      <dir>/splits.json: valid
        format   JSON
        type     qa
        fields   question, answer
        samples  3
        splits   dev (1), test (2)
      2 files: 2 valid, 0 invalid
      <dir>/pro.jsonl: valid
        format   JSONL
        type     mcq, 2 to 3 options
        fields   question, options, answer, category
        samples  2
        subsets  2: law (1), math (1)
      "
    `)
  })

  it('prints every problem of an invalid file as file:line: field: message, and exits 1', async () => {
    const path = data.file(
      'broken.jsonl',
      jsonl({ question: 'q', A: 'x', B: 'y', answer: 'C' }, '{"question": "q2"', { question: 'q3', A: 'x', B: 'y' }),
    )
    const run = await evalsuite('validate', path)
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchInlineSnapshot(`
      "<dir>/broken.jsonl: invalid, 3 problems
        <dir>/broken.jsonl:1: answer: "C" names no option; the options are A, B
        <dir>/broken.jsonl:2: not valid JSON: expected ',' or '}' after property value at column 18
        <dir>/broken.jsonl:3: answer: missing
      "
    `)
  })

  it('validates every data file of a folder, counting valid and invalid files', async () => {
    const folder = data.folder('mixed', {
      'a.jsonl': jsonl({ question: 'q', answer: 'a' }),
      'b.csv': 'question,answer\nq\n',
      'b.csv.meta.json': '{}',
      'notes.md': '# notes',
    })
    const run = await evalsuite('validate', folder)
    expect(run.code).toBe(1)
    expect(run.stdout.split('\n').filter((line) => !line.startsWith('  '))).toEqual([
      '<dir>/mixed/a.jsonl: valid',
      '<dir>/mixed/b.csv: invalid, 1 problem',
      '2 files: 1 valid, 1 invalid',
      '',
    ])
  })

  it('shows the first 50 problems and counts the rest', async () => {
    const path = data.file(
      'many.jsonl',
      jsonl({ question: 'q', answer: 'a' }, ...Array.from({ length: 60 }, (_, index) => ({ question: `q${index}` }))),
    )
    const run = await evalsuite('validate', path)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('<dir>/many.jsonl: invalid, 60 problems')
    expect(lines).toHaveLength(52)
    expect(lines.at(-1)).toBe('  … and 10 more')
  })

  it('writes out the control characters of file names, subsets and quoted values, keeping any script as it is', async () => {
    const valid = data.file(
      '数学\u001b[2J.jsonl',
      jsonl({ question: 'q', answer: 'a', subset: 'Проверка\u001b]0;pwned\u0007' }, { question: 'r', answer: 'b', subset: 'a/b\u009b31m' }),
    )
    const invalid = data.file('broken\u001b[31m.jsonl', jsonl({ question: 'q', A: 'x', B: 'y', answer: '\u001b[2J\u202eC' }))
    const run = await evalsuite('validate', valid, invalid)
    expect(run.stdout).toMatchInlineSnapshot(`
      "<dir>/数学\\x1b[2J.jsonl: valid
        format   JSONL
        type     qa
        fields   question, answer, subset
        samples  2
        subsets  2: a/b\\x9b31m (1), Проверка\\x1b]0;pwned\\x07 (1)
      <dir>/broken\\x1b[31m.jsonl: invalid, 1 problem
        <dir>/broken\\x1b[31m.jsonl:1: answer: "\\x1b[2J\\u202eC" names no option; the options are A, B
      2 files: 1 valid, 1 invalid
      "
    `)
  })

  it('says a file of EvalScope general QA is one', async () => {
    const path = data.file(
      'evalscope.jsonl',
      jsonl({ query: 'q', response: 'a' }, { messages: [{ role: 'user', content: 'hi' }], response: 'hello' }),
    )
    expect((await evalsuite('validate', path)).stdout).toMatchInlineSnapshot(`
      "<dir>/evalscope.jsonl: valid
        format   EvalScope custom dataset
        type     qa
        fields   query, response, messages
        samples  2
      "
    `)
  })

  it('reports multiple-answer questions', async () => {
    const path = data.file(
      'several.jsonl',
      jsonl({ question: 'q', A: 'x', B: 'y', C: 'z', answer: ['A', 'C'] }, { question: 'r', A: 'x', B: 'y', C: 'z', answer: 'B' }),
    )
    expect((await evalsuite('validate', path)).stdout.split('\n')[2]).toMatchInlineSnapshot(
      `"  type     mcq, options A, B, C, multiple-answer (1 of 2 with several answers), input from "question", answer from "answer""`,
    )
  })

  it('finds the TSV files of a folder and says which are TSV', async () => {
    const folder = data.folder('tabs', { 'qa.tsv': 'question\tanswer\tnotes\nq\ta\n', 'mcq.tsv': 'question\tA\tB\tanswer\nq\tx\ty\tB\n' })
    const run = await evalsuite('validate', folder)
    expect(run.stdout.split('\n').filter((line) => line.includes('format'))).toEqual([
      '  format   OpenCompass custom dataset (TSV, no meta file), abbreviation "mcq", infer method gen',
      '  format   TSV',
    ])
  })

  it('reads a headerless CSV with --columns and forces a format with --format', async () => {
    const path = data.file('headerless.csv', 'q1,a,b,c,d,A\n')
    expect((await evalsuite('validate', path, '--columns', 'question,A,B,C,D,answer')).stdout).toContain(
      '  type     mcq, options A, B, C, D, input from "question", answer from "answer"\n',
    )
    expect((await evalsuite('validate', path, '--columns', 'question,A,B,C,D,answer', '--format', 'csv')).stdout).toContain(
      '  format   CSV\n',
    )
  })

  it('reads sample fields from the columns --field names, in plain and multiple-choice files alike', async () => {
    const plain = data.file('named.csv', 'Problem,final_answer,Category,persona\n2+2?,4,math,Be brief.\nH2O?,water,chemistry,Be exact.\n')
    const run = await evalsuite(
      'validate',
      plain,
      '--field',
      'input=Problem',
      '--field',
      'target=final_answer',
      '--field',
      'subset=Category',
      '--field',
      'system=persona',
    )
    expect(run.stdout).toMatchInlineSnapshot(`
      "<dir>/named.csv: valid
        format   CSV
        type     qa
        fields   Problem, final_answer, Category, persona
        samples  2
        subsets  2: chemistry (1), math (1)
      "
    `)
    const mcq = data.file('named-mcq.csv', 'Stem,A,B,C,Key\n2+2?,3,4,5,B\nH2O?,water,salt,air,A\n')
    expect((await evalsuite('validate', mcq, '--field', 'input=Stem', '--field', 'target=Key')).stdout).toMatchInlineSnapshot(`
      "<dir>/named-mcq.csv: valid
        format   OpenCompass custom dataset (CSV, no meta file), abbreviation "named-mcq", infer method gen
        type     mcq, options A, B, C, input from "Stem", answer from "Key"
        fields   Stem, A, B, C, Key
        samples  2
      "
    `)
    const options = data.file('option-columns.jsonl', jsonl({ q: 'Even?', o1: '3', o2: '4', gold: 'B' }))
    expect((await evalsuite('validate', options, '--field', 'input=q', '--field', 'choices=o1,o2', '--field', 'target=gold')).stdout)
      .toMatchInlineSnapshot(`
      "<dir>/option-columns.jsonl: valid
        format   JSONL
        type     mcq, 2 options
        fields   q, o1, o2, gold
        samples  1
      "
    `)
  })

  it("reads OpenCompass's NEJM CSV, whose Choices column lists the options one a line, with the fields of the previous release", async () => {
    const path = 'fixtures/real/opencompass-nejm/NEJM_All_Questions_And_Answers.csv'
    const run = await evalsuite('validate', path, '--field', 'input=Question', '--field', 'target=Answer')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(
      `${path}: valid\n  format   CSV\n  type     mcq, 3 to 9 options\n  fields   ID, Context, Question, Choices, Answer, Solution, Subject\n  samples  40\n`,
    )
  })

  it('accepts the meta keys OpenCompass reads and evalsuite ignores, saying why each is ignored', async () => {
    const path = data.file('ranged.csv', 'question,A,B,answer\n2+2?,3,4,B\n')
    data.file('ranged.csv.meta.json', JSON.stringify({ test_range: '[0:1]', evaluator: { type: 'AccEvaluator' } }))
    expect((await evalsuite('validate', path)).stdout).toMatchInlineSnapshot(`
      "<dir>/ranged.csv: valid
        format   OpenCompass custom dataset (CSV, meta from <dir>/ranged.csv.meta.json), abbreviation "ranged", infer method gen
        type     mcq, options A, B, input from "question", answer from "answer"
        fields   question, A, B, answer
        samples  1
        ignored  "evaluator" (evalsuite scores with its own rules), "test_range" (select samples with the limit option or --limit)
      "
    `)
  })

  it('says a meta file\'s data_type "circular-mcq" asks each question once per rotation, and counts multiple-answer questions', async () => {
    const path = data.file('rotated.csv', 'question,A,B,C,answer\n2+2?,3,4,5,B\nEven?,2,3,4,"A,C"\n')
    data.file('rotated.csv.meta.json', JSON.stringify({ data_type: 'circular-mcq' }))
    expect((await evalsuite('validate', path)).stdout).toMatchInlineSnapshot(`
      "<dir>/rotated.csv: valid
        format   OpenCompass custom dataset (CSV, meta from <dir>/rotated.csv.meta.json), abbreviation "rotated", infer method gen
        type     mcq, options A, B, C, multiple-answer (1 of 2 with several answers), circular (each question once per rotation of its options), input from "question", answer from "answer"
        fields   question, A, B, C, answer
        samples  2
      "
    `)
  })

  it('says a file without reference answers needs a judge', async () => {
    const path = data.file('arena.jsonl', jsonl({ query: 'Write a haiku.' }, { query: 'Name a colour.' }))
    expect((await evalsuite('validate', path)).stdout).toMatchInlineSnapshot(`
      "<dir>/arena.jsonl: valid
        format   EvalScope custom dataset
        type     qa, no reference: needs a judge
        fields   query
        samples  2
      "
    `)
  })

  it('refuses a --field column the file does not have as a problem of that file, with the column it may mean', async () => {
    const plain = data.file('misnamed.csv', 'question,final_answer\n2+2?,4\n')
    const run = await evalsuite('validate', plain, '--field', 'target=final_answr')
    expect([run.code, run.stdout]).toMatchInlineSnapshot(`
      [
        1,
        "<dir>/misnamed.csv: invalid, 1 problem
        <dir>/misnamed.csv: --field target=final_answr: no column "final_answr"; did you mean "final_answer"? the columns are question, final_answer
      ",
      ]
    `)
  })

  it.each([
    [
      ['validate', 'x.jsonl', '--field', 'answer=final'],
      'evalsuite validate: --field answer=final: "answer" is not a sample field; did you mean "target"? NAME is one of input, target, choices, id, subset, system',
    ],
    [
      ['validate', 'x.jsonl', '--field', 'inptu=q'],
      'evalsuite validate: --field inptu=q: "inptu" is not a sample field; did you mean "input"? NAME is one of input, target, choices, id, subset, system',
    ],
    [
      ['validate', 'x.jsonl', '--field', 'target'],
      'evalsuite validate: --field takes NAME=COLUMN, e.g. --field target=final_answer; received "target"',
    ],
    [
      ['validate', 'x.jsonl', '--subset', 'category'],
      "evalsuite validate: name the field holding each sample's subset with --field subset=category",
    ],
    [['validate', '--strict', 'x.jsonl'], 'evalsuite validate: unknown option "--strict"; see "evalsuite validate --help"'],
    [['validate', 'x.jsonl', '--format'], 'evalsuite validate: option "--format" needs a value; see "evalsuite validate --help"'],
    [
      ['validate', 'x.jsonl', '--format', 'yaml'],
      'evalsuite validate: --format must be one of jsonl, csv, tsv, json, opencompass, chatml, evalscope, received "yaml"',
    ],
    [['validate'], 'evalsuite validate: name a data file or folder to check; see "evalsuite validate --help"'],
    [['validate', 'no/such/file.jsonl'], 'evalsuite validate: no such file or folder: no/such/file.jsonl'],
    [['check', 'x.jsonl'], 'evalsuite: unknown command "check"; the commands are eval, init, validate (see "evalsuite --help")'],
  ])('exits 2 with one line on stderr for a usage error: %j', async (args, message) => {
    const run = await evalsuite(...args)
    expect(run).toEqual({ code: 2, stdout: '', stderr: `${message}\n` })
  })

  it('prints its help with examples, the list of commands and the version', async () => {
    const help = await evalsuite('validate', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: evalsuite validate \[options\] <path\.\.\.>\n/)
    expect(help.stdout).toContain('  npx evalsuite validate data/mmlu/test --columns question,A,B,C,D,answer\n')
    const top = await evalsuite('--help')
    expect(top.stdout).toContain('  validate  check data files and print what they hold, or every problem\n')
    const bare = await evalsuite()
    expect([bare.code, bare.stdout, bare.stderr]).toEqual([2, '', top.stdout])
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(await evalsuite('--version')).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' })
  })
})
