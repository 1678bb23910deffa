import { describe, expect, it } from 'vitest'
import { useTempData } from '../dataset/temp-data.ts'
import { cliInProcess } from '../support/cli-in-process.ts'

const data = useTempData()

const evalsuite = cliInProcess(data.dir)

const QUIZ = 'question,A,B,C,answer\n2+2?,3,4,5,B\nCapital of France?,Paris,Rome,Oslo,A\n'
const QA = 'question,answer\nWho wrote Hamlet?,Shakespeare\n'

// 100,002 columns: the header alone is 789 KB, which validate printed whole as its "fields" line
function wideCsv(): string {
  const extra = Array.from({ length: 100_000 }, (_, index) => `c${index}`)
  return `${['question', 'answer', ...extra].join(',')}\n${['q?', 'a', ...extra.map(() => '')].join(',')}\n`
}

describe('what a message lists is cut short', () => {
  it('prints the first fields of a file with 100,002 columns and how many more', { timeout: 60_000 }, async () => {
    const path = data.file('wide.csv', wideCsv())
    const run = await evalsuite('validate', path)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchInlineSnapshot(`
      "<dir>/wide.csv: valid
        format   CSV
        type     qa
        fields   question, answer, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17 and 99,982 more
        samples  1
      "
    `)
  })

  it('names the first columns of a file with 100,002 columns when --field names none of them', { timeout: 60_000 }, async () => {
    const path = data.file('wide-field.csv', wideCsv())
    const run = await evalsuite('validate', path, '--field', 'target=nope')
    expect([run.code, run.stdout]).toMatchInlineSnapshot(`
      [
        1,
        "<dir>/wide-field.csv: invalid, 1 problem
        <dir>/wide-field.csv: --field target=nope: no column "nope"; the columns are question, answer, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17 and 99,982 more
      ",
      ]
    `)
  })
})

describe('what options and templates may expand to is bounded', () => {
  // "{question}" 20,000 times filled with a 30,000-character question is 600 million characters, past V8's longest
  // string: validate died with an uncaught RangeError after seconds of copying
  it(
    'refuses a human_prompt that a row fills past the limit, naming the file, row and field, within seconds',
    { timeout: 20_000 },
    async () => {
      const path = data.file('bomb.csv', `question,answer\n${'x'.repeat(30_000)},a\n`)
      data.file('bomb.csv.meta.json', JSON.stringify({ human_prompt: '{question}'.repeat(20_000) }))
      const started = performance.now()
      const run = await evalsuite('validate', path)
      expect(performance.now() - started).toBeLessThan(10_000)
      expect([run.code, run.stdout]).toMatchInlineSnapshot(`
      [
        1,
        "<dir>/bomb.csv: invalid, 1 problem
        <dir>/bomb.csv:2: human_prompt: filled from this row, the meta file's human_prompt is 600,000,000 characters, over the limit of 10,000,000; shorten the prompt or the row's text
      ",
      ]
    `)
    },
  )

  it.each([
    [
      ['--limit', '99999999999999999999999'],
      'evalsuite eval: --limit must be a whole number from 1 to 1,000,000; received "99999999999999999999999"',
    ],
    [['--repeats', '99999999'], 'evalsuite eval: --repeats must be a whole number from 1 to 1,000; received "99999999"'],
    [['--concurrency', '99999999'], 'evalsuite eval: --concurrency must be a whole number from 1 to 10,000; received "99999999"'],
  ])('refuses %j as a usage error, before Vitest starts', { timeout: 20_000 }, async (option, message) => {
    const path = data.file('quiz.csv', QUIZ)
    expect(await evalsuite('eval', path, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1', ...option)).toEqual({
      code: 2,
      stdout: '',
      stderr: `${message}\n`,
    })
  })
})

describe('an empty or meaningless option is a usage error', () => {
  it.each([
    [['eval', 'quiz.csv', '--model', ''], 'evalsuite eval: --model is empty; name the model under test, e.g. --model gpt-4o-mini'],
    [
      ['eval', 'qa.csv', '--model', 'm', '--judge', ''],
      'evalsuite eval: --judge is empty; name the judge model, e.g. --judge gpt-4o, or leave the option out',
    ],
    [
      ['eval', 'qa.csv', '--model', 'm', '--split', 'x'],
      'evalsuite eval: --split x chooses a split of a JSON file holding named splits, and <dir>/qa.csv is a CSV file; remove --split',
    ],
    [
      ['validate', 'qa.csv', '--split', 'x'],
      'evalsuite validate: --split x chooses a split of a JSON file holding named splits, and <dir>/qa.csv is a CSV file; remove --split',
    ],
  ])('refuses %j', { timeout: 20_000 }, async ([command, file, ...rest], message) => {
    const path = data.file(file!, file === 'quiz.csv' ? QUIZ : QA)
    expect(await evalsuite(command!, path, ...rest)).toEqual({ code: 2, stdout: '', stderr: `${message}\n` })
  })
})
