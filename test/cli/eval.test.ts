import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReportSchema } from '../../src/schema/index.ts'
import { tableRows } from '../e2e/run-fixture.ts'
import { scratchFolder } from '../support/fixture-copy.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = join(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const scratch = scratchFolder('eval')

// the model knows 2+2 and the capital of France, and nothing else; the judge accepts "four" for 4
const ANSWERS: Record<string, string> = {
  '2+2?': 'ANSWER: B',
  'Capital of France?': 'ANSWER: A',
  'Largest planet?': 'ANSWER: C',
  'H2O is?': 'ANSWER: C',
}
function reply(request: { model: string; messages: { role: string; content: string; images?: string[] }[] }): string {
  const images = request.messages.flatMap((message) => message.images ?? [])
  if (images.length > 0) return colourReply(images)
  const text = request.messages.map((message) => message.content).join('\n')
  if (request.model === 'judge-model' && text.includes('no reference answer'))
    return JSON.stringify({ reasoning: 'a haiku', verdict: /Leaves fall/.test(text) ? 'good' : 'bad' })
  if (request.model === 'judge-model')
    return JSON.stringify({ reasoning: 'four is 4', verdict: /four/.test(text) ? 'correct' : 'incorrect' })
  if (text.includes('Write a haiku')) return 'Leaves fall on the path'
  if (text.includes('What is 2+2')) return 'It is four.\nANSWER: four'
  if (text.includes('Who wrote Hamlet')) return 'ANSWER: Shakespeare'
  if (text.includes('Highest mountain?')) return 'Everest'
  const question = Object.keys(ANSWERS).find((key) => text.includes(key))
  return question ? ANSWERS[question]! : 'I do not know.'
}

// the vision model sees the pictures' bytes: it names the colour of the first image, and for two, which one is red
const PICTURES = join(ROOT, 'fixtures/images/pictures')
const pictureUri = (name: string): string => `data:image/png;base64,${readFileSync(join(PICTURES, name)).toString('base64')}`
function colourReply(images: string[]): string {
  const colours = images.map((url) =>
    url === pictureUri('red.png') ? 'red' : url === pictureUri('blue.png') ? 'blue' : url.startsWith('data:') ? 'green' : 'yellow',
  )
  if (colours.length === 2) return `ANSWER: ${colours[0] === 'red' ? 'A' : 'B'}`
  return colours[0] === 'blue' ? 'ANSWER: B' : `ANSWER: ${colours[0]}`
}

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer({ reply })
})
afterAll(() => server.close())

let folders = 0
function project(files: Record<string, string>): string {
  const dir = join(scratch, `p${++folders}`)
  mkdirSync(dir, { recursive: true })
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

// the command as built (dist/cli.js, which test/support/build-package.ts builds), as a user runs it; it starts far
// faster than from source through tsx, which one test below does to keep the two alike
function evalsuite(cwd: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCommand([join(ROOT, 'dist/cli.js')], cwd, args)
}

function runCommand(
  entry: string[],
  cwd: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('OPENAI_') && key !== 'NODE_ENV'),
  )
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd, env: { ...env, CI: 'true', NO_COLOR: '1', ...extraEnv } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
      },
    )
  })
}

const QUIZ =
  'question,A,B,C,answer\n2+2?,3,4,5,B\nCapital of France?,Paris,Rome,Oslo,A\nLargest planet?,Mars,Jupiter,Venus,B\nH2O is?,salt,air,water,C\n'

describe('evalsuite eval', () => {
  it('evaluates an OpenCompass multiple-choice file with no code: the same table, report and gate as vitest run evals', async () => {
    const dir = project({ 'quiz.csv': QUIZ })
    const before = server.requestCount
    const run = await evalsuite(
      dir,
      'eval',
      'quiz.csv',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      '--threshold',
      'accuracy=0.7',
    )
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    expect(server.requestCount - before).toBe(4)
    expect(tableRows(run.stdout, 'quiz')[0]).toMatch(/^quiz \| all \| accuracy \| 4! \| 75\.0% \| .* \| pass ≥ 70\.0%$/)
    expect(run.stdout).toContain('evalsuite: PASS')
    const report = ReportSchema.parse(JSON.parse(readFileSync(join(dir, 'eval-reports', 'quiz.json'), 'utf8')))
    expect(report.counts).toMatchObject({ samples: 4, right: 3, wrong: 1, errored: 0 })
    expect(report.model).toBe('test-model')

    // the replies are kept, so a rerun with a stricter gate asks the endpoint nothing and fails by that gate
    const stricter = await evalsuite(
      dir,
      'eval',
      'quiz.csv',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      '--threshold',
      'accuracy=0.9',
    )
    expect(stricter.code).toBe(1)
    expect(server.requestCount - before).toBe(4)
    expect(stricter.stdout).toContain('evalsuite: FAIL')
  })

  it('runs from source as from the built package', async () => {
    const dir = project({ 'quiz.csv': QUIZ })
    const run = await runCommand(['--import', TSX, MAIN], dir, ['eval', 'quiz.csv', '--model', 'test-model', '--base-url', server.baseURL])
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'quiz')[0]).toMatch(/^quiz \| all \| accuracy \| 4! \| 75\.0% \| /)
  })

  it('evaluates question answering with a limit, and lets a judge grade only what the rule reads as wrong', async () => {
    const dir = project({
      'facts.jsonl':
        '{"question":"What is 2+2?","answer":"4"}\n{"question":"Who wrote Hamlet?","answer":"Shakespeare"}\n{"question":"Boiling point of water in C?","answer":"100"}\n',
    })
    const before = server.requests.length
    const run = await evalsuite(
      dir,
      'eval',
      'facts.jsonl',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      '--limit',
      '2',
      '--judge',
      'judge-model',
    )
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect(calls.filter((call) => call.model === 'test-model')).toHaveLength(2)
    // "four" does not read as 4 by the rule, so the judge decides it; "Shakespeare" is settled by the rule
    expect(calls.filter((call) => call.model === 'judge-model')).toHaveLength(1)
    expect(tableRows(run.stdout, 'facts')[0]).toMatch(/^facts \| all \| accuracy \| 2! \| 100\.0%/)
  })

  it('reads a reply with no ANSWER line whole, as describeBenchmark does, for an OpenCompass and an EvalScope file alike', async () => {
    const dir = project({
      'peaks.jsonl': '{"question":"Highest mountain?","answer":"Everest"}\n{"question":"Who wrote Hamlet?","answer":"Shakespeare"}\n',
      'peaks_qa.jsonl': '{"query":"Highest mountain?","response":"Everest"}\n{"query":"Who wrote Hamlet?","response":"Shakespeare"}\n',
    })
    for (const [file, name] of [
      ['peaks.jsonl', 'peaks'],
      ['peaks_qa.jsonl', 'peaks_qa'],
    ] as const) {
      const run = await evalsuite(dir, 'eval', file, '--model', 'test-model', '--base-url', server.baseURL)
      expect(run.code, run.stderr).toBe(0)
      expect(tableRows(run.stdout, name)[0]).toMatch(new RegExp(`^${name} \\| all \\| accuracy \\| 2! \\| 100\\.0%`))
    }
  })

  it('evaluates a ChatML file with repeats, a conversation with its own system message sent with that one alone', async () => {
    const chat = [
      {
        question: [
          { role: 'system', content: 'You are terse.' },
          { role: 'user', content: 'Who wrote Hamlet?' },
        ],
        answer: ['Shakespeare'],
      },
      { question: [{ role: 'user', content: 'Largest planet?' }], answer: ['Jupiter'] },
    ]
    const dir = project({ 'chat.jsonl': chat.map((row) => JSON.stringify(row)).join('\n') + '\n' })
    const before = server.requests.length
    const run = await evalsuite(dir, 'eval', 'chat.jsonl', '--model', 'test-model', '--base-url', server.baseURL, '--repeats', '2')
    // no --threshold, so no gate: wrong answers alone never fail the run
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect(calls).toHaveLength(4)
    const hamlet = calls.find((call) => call.messages.some((message) => message.content.startsWith('Who wrote Hamlet?')))!
    // as OpenCompass sends it: the dataset's system message, and the answer rule closing the user's turn
    expect(hamlet.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Who wrote Hamlet?\n\nKeep the answer short, and give it on the last line as "ANSWER: <answer>".' },
    ])
    const planet = calls.find((call) => call.messages.some((message) => message.content === 'Largest planet?'))!
    expect(planet.messages.map((message) => message.role)).toEqual(['system', 'user'])
    expect(planet.messages[0]!.content).toContain('ANSWER: <answer>')
    // Hamlet is answered right on both attempts; the planet question gets "ANSWER: C", which is no planet
    expect(tableRows(run.stdout, 'chat')[0]).toMatch(/^chat \| all \| accuracy \| 4! \| 50\.0%/)
    expect(tableRows(run.stdout, 'chat').some((row) => /accuracy pass@2 \| 2! \| 50\.0%/.test(row))).toBe(true)
  })

  it("reads the columns --field names, runs only the subsets --subset names, and sends a row's system message alone", async () => {
    const dir = project({
      'named.csv':
        'Problem,final_answer,Category,persona\nWho wrote Hamlet?,Shakespeare,literature,Be brief.\nWhat is 2+2?,4,math,\nLargest planet?,Jupiter,science,\n',
    })
    const fields = ['--field', 'input=Problem', '--field', 'target=final_answer', '--field', 'subset=Category', '--field', 'system=persona']
    const before = server.requests.length
    const run = await evalsuite(
      dir,
      'eval',
      'named.csv',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      ...fields,
      '--subset',
      'literature',
      '--subset',
      'math',
    )
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect(calls).toHaveLength(2)
    const hamlet = calls.find((call) => call.messages.at(-1)!.content.startsWith('Who wrote Hamlet?'))!
    expect(hamlet.messages.map((message) => [message.role, message.content.split('\n')[0]])).toEqual([
      ['system', 'Be brief.'],
      ['user', 'Who wrote Hamlet?'],
    ])
    // Hamlet is right, "four" is not 4 to the rule
    expect(tableRows(run.stdout, 'named')[0]).toMatch(/^named \| all \| accuracy \| 2! \| 50\.0%/)

    const typo = await evalsuite(
      dir,
      'eval',
      'named.csv',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      '--field',
      'target=final_answr',
    )
    expect(typo).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'evalsuite eval: named.csv: --field target=final_answr: no column "final_answr"; did you mean "final_answer"? the columns are Problem, final_answer, Category, persona\n',
    })
    const subset = await evalsuite(
      dir,
      'eval',
      'named.csv',
      '--model',
      'test-model',
      '--base-url',
      server.baseURL,
      ...fields,
      '--subset',
      'sciense',
    )
    expect(subset).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'evalsuite eval: --subset sciense: no sample of named.csv is in subset "sciense"; did you mean "science"? the subsets are literature, math, science\n',
    })
    expect(server.requests.length - before).toBe(2)
  })

  it('grades a file without reference answers by the judge alone, and refuses it without --judge', async () => {
    const dir = project({
      'arena.jsonl':
        '{"query":"Write a haiku about autumn."}\n{"query":"Explain recursion to a child."}\n{"query":"Suggest a name for a cat."}\n',
    })
    const refused = await evalsuite(dir, 'eval', 'arena.jsonl', '--model', 'test-model', '--base-url', server.baseURL)
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evalsuite eval: arena.jsonl has no reference: needs a judge; grade its answers with --judge MODEL\n',
    })
    const before = server.requests.length
    const run = await evalsuite(dir, 'eval', 'arena.jsonl', '--model', 'test-model', '--base-url', server.baseURL, '--judge', 'judge-model')
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect([
      calls.filter((call) => call.model === 'test-model').length,
      calls.filter((call) => call.model === 'judge-model').length,
    ]).toEqual([3, 3])
    // the judge finds the haiku good and "I do not know." bad
    expect(tableRows(run.stdout, 'arena')[0]).toMatch(/^arena \| all \| accuracy \| 3! \| 33\.3%/)
    const report = ReportSchema.parse(JSON.parse(readFileSync(join(dir, 'eval-reports', 'arena.json'), 'utf8')))
    expect(report.counts).toMatchObject({ samples: 3, right: 1, wrong: 2, errored: 0 })
  })

  it('sends an OpenCompass human_prompt filled in and alone, as OpenCompass sends it, and accepts the meta keys it ignores', async () => {
    const meta = {
      human_prompt: 'Question: {question}\nA. {A}\nB. {B}\nC. {C}\nAnswer: ',
      test_range: '[0:2]',
      evaluator: { type: 'AccEvaluator' },
    }
    const dir = project({ 'quiz.csv': QUIZ, 'quiz.csv.meta.json': JSON.stringify(meta) })
    const before = server.requests.length
    const run = await evalsuite(dir, 'eval', 'quiz.csv', '--model', 'test-model', '--base-url', server.baseURL)
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect(calls).toHaveLength(4)
    const first = calls.find((call) => call.messages.at(-1)!.content.includes('2+2?'))!
    expect(first.messages).toEqual([{ role: 'user', content: 'Question: 2+2?\nA. 3\nB. 4\nC. 5\nAnswer: ' }])
    expect(tableRows(run.stdout, 'quiz')[0]).toMatch(/^quiz \| all \| accuracy \| 4! \| 75\.0%/)
  })

  it('reports a malformed file as validate does, without starting Vitest', async () => {
    const dir = project({ 'bad.csv': 'question,A,B,answer\n2+2?,3,4,E\n' })
    const run = await evalsuite(dir, 'eval', 'bad.csv', '--model', 'test-model', '--base-url', server.baseURL)
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toBe('bad.csv: invalid, 1 problem\n  bad.csv:2: answer: "E" names no option; the options are A, B\n')
    expect(existsSync(join(dir, '.evalsuite'))).toBe(false)
  })

  // `*`, `?` and `[` are globs to Vitest's include, and `#` ends a module id before its fragment; Windows allows
  // neither `*` nor `?` in a file name
  const SPECIAL_NAMES = ['a#b', 'q[1]', ...(process.platform === 'win32' ? [] : ['what?', 'star*'])]

  it(
    'evaluates data files whose names hold #, [, ? or *: the right file, and only the eval file of this run',
    { timeout: 300_000 },
    async () => {
      const question = (name: string): string => `Which file is ${name}?`
      const files = Object.fromEntries(
        ['star1', ...SPECIAL_NAMES].map((name) => [`${name}.jsonl`, `{"question":${JSON.stringify(question(name))},"answer":"x"}\n`]),
      )
      const dir = project(files)
      const run = (name: string) => evalsuite(dir, 'eval', `${name}.jsonl`, '--model', 'test-model', '--base-url', server.baseURL)
      // an earlier run's eval file, under names that the names above, read as globs, would match
      expect((await run('star1')).code).toBe(0)
      for (const decoy of ['q1', 'whatx']) copyFileSync(join(dir, '.evalsuite/star1.eval.mjs'), join(dir, `.evalsuite/${decoy}.eval.mjs`))
      for (const name of SPECIAL_NAMES) {
        const before = server.requests.length
        const result = await run(name)
        expect(result.stderr).not.toMatch(/Error/)
        expect(result.code).toBe(0)
        expect(server.requests.slice(before).map((request) => request.messages.at(-1)!.content.split('\n')[0])).toEqual([question(name)])
        const benchmarks = result.stdout
          .split('\n')
          .filter((line) => / all +accuracy /.test(line))
          .map((line) => line.trim().split(/ {2,}/)[0])
        expect(benchmarks).toEqual([name])
      }
    },
  )

  it.each([
    [['quiz.csv'], 'evalsuite eval: --model is required, e.g. --model gpt-4o-mini'],
    [['quiz.csv', '--model', 'm', '--bogus'], 'evalsuite eval: unknown option "--bogus"; see "evalsuite eval --help"'],
    [['nowhere.csv', '--model', 'm'], 'evalsuite eval: no such file: nowhere.csv'],
    [
      ['data', '--model', 'm'],
      'evalsuite eval: data is a folder; eval runs one data file, so name one of its files ("evalsuite validate data" lists them)',
    ],
    [
      ['quiz.csv', '--model', 'm', '--threshold', 'accuracy>0.8'],
      'evalsuite eval: --threshold takes metric=value, e.g. accuracy=0.8; received "accuracy>0.8"',
    ],
    [
      ['quiz.csv', '--model', 'm', '--threshold', 'acc=0.5'],
      'evalsuite eval: --threshold acc=0.5 names "acc", which the benchmark does not emit; did you mean "accuracy"? (it emits "accuracy", "latency", "time_to_first_token", "input_tokens", "output_tokens", "cost")',
    ],
    [
      ['quiz.csv', '--model', 'm', '--threshold', 'accuracy=80'],
      'evalsuite eval: --threshold accuracy=80 is 80, but "accuracy" is a proportion from 0 to 1: write 0.8 for 80%',
    ],
    [['quiz.csv', '--model', 'm', '--limit', '0'], 'evalsuite eval: --limit must be a whole number from 1 to 1,000,000; received "0"'],
    [
      ['quiz.csv', '--model', 'm', '--judge', 'j'],
      'evalsuite eval: --judge grades open answers; this file is multiple choice, scored by its answer letters',
    ],
    [
      ['quiz.csv', '--model', 'm', '--base-url', 'https://user:sk-secret@example.test/v1'],
      'evalsuite eval: --base-url carries a user name or password; give the key in OPENAI_API_KEY (or apiKey), and the address alone, e.g. https://api.example.com/v1',
    ],
    [
      ['quiz.csv', '--model', 'm', '--base-url', 'https://example.test/v1?api-key=sk-secret'],
      'evalsuite eval: --base-url has a query string or fragment, which may hold a key; give the key in OPENAI_API_KEY (or apiKey), and the address alone, e.g. https://api.example.com/v1',
    ],
    [
      ['quiz.csv', '--model', 'm', '--base-url', 'localhost:8000/v1'],
      'evalsuite eval: --base-url must be an http:// or https:// address, e.g. http://localhost:8000/v1',
    ],
    [
      ['splits.json', '--model', 'm'],
      'evalsuite eval: splits.json holds the splits train, test; choose one with --split, e.g. --split test',
    ],
    [
      ['mixed.jsonl', '--model', 'm'],
      'evalsuite eval: some samples of mixed.jsonl have options and some do not; split the file into multiple-choice and open questions',
    ],
  ])('exits 2 with one line for a usage error: %j', async (args, message) => {
    const dir = project({
      'quiz.csv': QUIZ,
      'splits.json': JSON.stringify({ train: [{ question: 'a?', answer: 'a' }], test: [{ question: 'b?', answer: 'b' }] }),
      'mixed.jsonl': '{"question":"a?","answer":"a"}\n{"question":"b?","choices":["x","y"],"answer":"A"}\n',
      'data/quiz.csv': QUIZ,
    })
    expect(await evalsuite(dir, 'eval', ...args)).toEqual({ code: 2, stdout: '', stderr: `${message}\n` })
  })

  it('runs the one split of a JSON file holding a single split without --split, as it runs an array', async () => {
    const dir = project({
      'single.json': JSON.stringify({ test: [{ question: 'Capital of France?', answer: 'A', choices: ['Paris', 'Rome'] }] }),
    })
    const run = await evalsuite(dir, 'eval', 'single.json', '--model', 'test-model', '--base-url', server.baseURL)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'single')[0]).toBe('single | all | accuracy | 1! | 100.0% | [5.1%, 100.0%]')
  })

  it('refuses an OPENAI_BASE_URL with a password in it before Vitest starts, without repeating it', async () => {
    const dir = project({ 'quiz.csv': QUIZ })
    const result = await runCommand(['--import', TSX, MAIN], dir, ['eval', 'quiz.csv', '--model', 'm'], {
      OPENAI_BASE_URL: 'http://user:pw-secret@127.0.0.1:1/v1',
    })
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'evalsuite eval: OPENAI_BASE_URL carries a user name or password; give the key in OPENAI_API_KEY (or apiKey), and the address alone, e.g. https://api.example.com/v1\n',
    })
  })

  it('answers --help with examples', async () => {
    const run = await evalsuite(scratch, 'eval', '--help')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('npx evalsuite eval data/quiz.csv --model gpt-4o-mini --threshold accuracy=0.8')
  })
})

describe('evalsuite eval with images', () => {
  const copyImages = (dir: string): void => {
    mkdirSync(join(dir, 'pictures'))
    for (const name of ['colours.jsonl', 'colours_mcq.jsonl', 'pictures/red.png', 'pictures/blue.png'])
      copyFileSync(join(ROOT, 'fixtures/images', name), join(dir, name))
  }

  it('sends the images of a messages file as image parts, local files as data URIs, and records them by digest only', async () => {
    const dir = project({})
    copyImages(dir)
    const before = server.requests.length
    const run = await evalsuite(dir, 'eval', 'colours.jsonl', '--model', 'vision-model', '--base-url', server.baseURL)
    expect(run.stderr).not.toMatch(/Error/)
    expect(run.code).toBe(0)
    const calls = server.requests.slice(before)
    expect(calls.map((call) => call.messages.flatMap((message) => message.images ?? [])).sort()).toEqual(
      [[pictureUri('red.png')], ['http://127.0.0.1:9/yellow.png'], [expect.stringMatching(/^data:image\/png;base64,/)]].sort(),
    )
    expect(tableRows(run.stdout, 'colours')[0]).toMatch(/^colours \| all \| accuracy \| 3! \| 100\.0%/)
    const recordings = readFileSync(join(dir, '.evalsuite', 'recordings', 'colours.jsonl'), 'utf8')
    expect(recordings).toMatch(/"sha256:[0-9a-f]{64}"/)
    expect(recordings).not.toContain(';base64,')

    // a changed picture is a new call; the unchanged ones replay
    copyFileSync(join(dir, 'pictures/blue.png'), join(dir, 'pictures/red.png'))
    const rerun = await evalsuite(dir, 'eval', 'colours.jsonl', '--model', 'vision-model', '--base-url', server.baseURL)
    expect(rerun.code).toBe(0)
    expect(server.requests.slice(before + calls.length).map((call) => call.messages.flatMap((message) => message.images ?? []))).toEqual([
      [pictureUri('blue.png')],
    ])
  })

  it("places EvalScope's image_N fields at the question's <image N> markers, or after its text", async () => {
    const dir = project({})
    copyImages(dir)
    const before = server.requests.length
    const run = await evalsuite(dir, 'eval', 'colours_mcq.jsonl', '--model', 'vision-model', '--base-url', server.baseURL)
    expect(run.code).toBe(0)
    const parts = server.requests.slice(before).map((call) => call.messages.at(-1)!)
    const twoPictures = parts.find((message) => message.images?.length === 2)!
    expect(twoPictures.images).toEqual([pictureUri('red.png'), pictureUri('blue.png')])
    // the fake endpoint joins the text parts; the images took the markers' places
    expect(twoPictures.content).toMatch(/^ and : which picture is red\?/)
    expect(tableRows(run.stdout, 'colours_mcq')[0]).toMatch(/^colours_mcq \| all \| accuracy \| 2! \| 100\.0%/)
  })

  it('says what to do when the endpoint refuses the images', async () => {
    const dir = project({})
    copyImages(dir)
    server.setFault(({ messages }) =>
      messages.some((message) => message.images)
        ? {
            kind: 'status',
            status: 400,
            body: JSON.stringify({ error: { message: 'Image input is not supported for this model.', type: 'invalid_request_error' } }),
          }
        : undefined,
    )
    try {
      const run = await evalsuite(dir, 'eval', 'colours_mcq.jsonl', '--model', 'text-only-model', '--base-url', server.baseURL)
      expect(run.code).toBe(1)
      expect(run.stdout + run.stderr).toContain(
        'The request held 2 image(s): if model "text-only-model" takes no images, use a model that does (a vision model), or leave the samples with images out (filter).',
      )
    } finally {
      server.setFault(undefined)
    }
  })
})

describe('evalsuite eval runs side by side', () => {
  it(
    'each run calls its own model on its own file, though two runs start at once on files of the same name',
    { timeout: 300_000 },
    async () => {
      const quiz = (questions: string[]): string =>
        `question,A,B,C,answer\n${questions.map((question) => `${question},x,y,z,B`).join('\n')}\n`
      const dir = project({
        'a/quiz.csv': quiz(['2+2?', 'Capital of France?']),
        'b/quiz.csv': quiz(['Largest planet?', 'H2O is?', 'Capital of France?']),
      })
      const before = server.requests.length
      const [first, second] = await Promise.all([
        evalsuite(dir, 'eval', 'a/quiz.csv', '--model', 'gpt-A', '--base-url', server.baseURL, '--output-dir', 'reports-a'),
        evalsuite(dir, 'eval', 'b/quiz.csv', '--model', 'gpt-B', '--base-url', server.baseURL, '--output-dir', 'reports-b'),
      ])
      expect([first.code, second.code, first.stderr + second.stderr]).toEqual([0, 0, expect.not.stringMatching(/Error/)])
      const asked = (model: string): string[] =>
        server.requests
          .slice(before)
          .filter((request) => request.model === model)
          .map((request) => Object.keys(ANSWERS).find((question) => request.messages.at(-1)!.content.includes(question)) ?? 'none')
          .sort()
      expect(asked('gpt-A')).toEqual(['2+2?', 'Capital of France?'])
      expect(asked('gpt-B')).toEqual(['Capital of France?', 'H2O is?', 'Largest planet?'])
      const report = (folder: string) => ReportSchema.parse(JSON.parse(readFileSync(join(dir, folder, 'quiz.json'), 'utf8')))
      expect([report('reports-a').model, report('reports-a').counts.samples]).toEqual(['gpt-A', 2])
      expect([report('reports-b').model, report('reports-b').counts.samples]).toEqual(['gpt-B', 3])
      expect(tableRows(first.stdout, 'quiz')[0]).toMatch(/^quiz \| all \| accuracy \| 2! \| 50\.0%/)
      expect(tableRows(second.stdout, 'quiz')[0]).toMatch(/^quiz \| all \| accuracy \| 3! \| 0\.0%/)
    },
  )

  it(
    'stops a second run that would write the same report while the first runs, and takes over the claim of a run that died',
    { timeout: 120_000 },
    async () => {
      const dir = project({ 'quiz.csv': 'question,A,B,C,answer\n2+2?,x,y,z,B\n' })
      const claim = join(
        dir,
        '.evalsuite',
        `quiz.${createHash('sha256').update(join(dir, 'eval-reports')).digest('hex').slice(0, 12)}.running`,
      )
      mkdirSync(dirname(claim), { recursive: true })
      // a run in progress: this test's own process holds the claim
      writeFileSync(claim, String(process.pid))
      const stopped = await evalsuite(dir, 'eval', 'quiz.csv', '--model', 'gpt-A', '--base-url', server.baseURL)
      expect([stopped.code, stopped.stderr]).toEqual([
        2,
        expect.stringContaining(
          `another run (process ${process.pid}) is writing eval-reports/quiz.json; wait for it to end, or give this run its own --output-dir`,
        ),
      ])
      expect(existsSync(join(dir, 'eval-reports', 'quiz.json'))).toBe(false)
      // a run that was killed: no process has its id
      writeFileSync(claim, '2147483646')
      const after = await evalsuite(dir, 'eval', 'quiz.csv', '--model', 'gpt-A', '--base-url', server.baseURL)
      expect(after.code).toBe(0)
      expect(existsSync(join(dir, 'eval-reports', 'quiz.json'))).toBe(true)
      expect(existsSync(claim)).toBe(false)
    },
  )
})
