import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReportSchema } from '../../src/schema/index.ts'
import { tableRows } from '../e2e/run-fixture.ts'
import { scratchFolder } from '../support/fixture-copy.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// the command as built, as a user runs it (the e2e project builds dist/ first)
const CLI = join(ROOT, 'dist/cli.js')
const scratch = scratchFolder('circular')

// the model knows that 2+2 is 4, wherever the option stands, and always says "B" when asked for the largest planet
function reply(request: { messages: { content: string }[] }): string {
  const text = request.messages.map((message) => message.content).join('\n')
  if (text.includes('Largest planet?')) return 'ANSWER: B'
  const four = /^([A-Z])\. 4$/m.exec(text)
  return four ? `ANSWER: ${four[1]}` : 'I do not know.'
}

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer({ reply })
})
afterAll(() => server.close())

function evalsuite(cwd: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('OPENAI_') && key !== 'NODE_ENV'),
  )
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { ...env, CI: 'true', NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
    })
  })
}

const QUIZ = 'question,A,B,C,answer\n2+2?,3,4,5,B\nLargest planet?,Mars,Jupiter,Venus,B\n'

describe('evalsuite eval --circular', () => {
  it(
    'asks each question once per rotation, right only when every rotation is, from --circular or the meta data_type',
    { timeout: 300_000 },
    async () => {
      const dir = join(scratch, 'quiz')
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'quiz.csv'), QUIZ)
      const before = server.requests.length
      const run = await evalsuite(
        dir,
        'eval',
        'quiz.csv',
        '--model',
        'test-model',
        '--base-url',
        server.baseURL,
        '--circular',
        '--threshold',
        'circular_accuracy=0.5',
      )
      expect(run.stderr).not.toMatch(/Error/)
      expect(run.code).toBe(0)
      const calls = server.requests.slice(before)
      expect(calls).toHaveLength(6)
      const sums = calls.map((call) => call.messages.at(-1)!.content).filter((content) => content.includes('2+2?'))
      expect(sums.map((content) => /A\. (\d)\nB\. (\d)\nC\. (\d)/.exec(content)!.slice(1).join(''))).toEqual(
        expect.arrayContaining(['345', '534', '453']),
      )
      // 4 of 6 rotations are right; 2+2 is right in all three, the planet only where Jupiter stands at B
      // the benchmark's primary metric is its circular accuracy (6 rotations of 2 questions), gated; the accuracy of
      // every rotation is beside it
      const rows = tableRows(run.stdout, 'quiz')
      expect(rows.some((row) => /^quiz \| all \| circular_accuracy \| 6! \| 50\.0% \| .* \| pass ≥ 50\.0%$/.test(row))).toBe(true)
      expect(rows.some((row) => /^quiz \| all \| accuracy \| 6! \| 66\.7%/.test(row))).toBe(true)
      expect(rows.some((row) => /accuracy pass\^3 \| 2! \| 50\.0%/.test(row))).toBe(true)
      const report = ReportSchema.parse(JSON.parse(readFileSync(join(dir, 'eval-reports', 'quiz.json'), 'utf8')))
      expect(report.repeats).toEqual({ attempts: 3, samples: 2 })
      expect(report.primaryMetric).toBe('circular_accuracy')

      // the meta file's data_type selects it with no flag; the replies were kept, so nothing is asked again
      writeFileSync(join(dir, 'quiz.csv.meta.json'), JSON.stringify({ data_type: 'circular-mcq' }))
      const fromMeta = await evalsuite(dir, 'eval', 'quiz.csv', '--model', 'test-model', '--base-url', server.baseURL)
      expect(fromMeta.code).toBe(0)
      expect(server.requests.length - before).toBe(6)
      expect(tableRows(fromMeta.stdout, 'quiz').some((row) => /accuracy pass\^3 \| 2! \| 50\.0%/.test(row))).toBe(true)

      const both = await evalsuite(dir, 'eval', 'quiz.csv', '--model', 'test-model', '--circular', '--repeats', '2')
      expect(both.code).toBe(2)
      expect(both.stderr).toContain('--circular asks each question once per rotation of its options, so it takes no --repeats')
    },
  )
})
