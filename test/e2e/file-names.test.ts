import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReportSchema } from '../../src/schema/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { FIXTURE, runVitest, tableRows } from './run-fixture.ts'

const CONFIG = '--config=vitest.file-names.config.ts'
const OUT = join(FIXTURE, 'file-names')
const LONG = 'a long benchmark name '.repeat(14).slice(0, 300)

const filesIn = (dir: string): string[] => readdirSync(join(OUT, dir)).sort()
// the closing lines, from the verdict to where the reports are
const verdictOf = (stdout: string): string => stdout.slice(stdout.indexOf(' evalsuite: '), stdout.indexOf('Reports in')).trim()
const benchmarkOf = (file: string): string => (JSON.parse(readFileSync(join(OUT, file), 'utf8')) as { benchmark: string }).benchmark

describe('benchmark names as file names, as a user runs them', () => {
  let server: FakeServer
  let env: Record<string, string>

  beforeAll(async () => {
    await rm(OUT, { recursive: true, force: true })
    server = await startFakeServer()
    env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test-file-names' }
  })
  afterAll(async () => {
    await server.close()
    await rm(OUT, { recursive: true, force: true })
  })

  it('gives a CJK, a Cyrillic and a 300-character name their own report, recordings and baseline, and prints their tables and verdict', async () => {
    const run = await runVitest(['hostile-names', '-u', CONFIG], { ...env, EVALSUITE_RECORDINGS: 'record' })
    expect(run.stderr).not.toContain('ENAMETOOLONG')
    expect(run.code).toBe(0)
    const stems = ['数学推理-a3a65020', 'проверка-знаний-218d97f2', `${'a-long-benchmark-name-'.repeat(4)}a-l-1290afac`]
    expect(filesIn('eval-reports')).toEqual(stems.map((stem) => `${stem}.json`).sort())
    expect(filesIn('baselines')).toEqual(stems.map((stem) => `${stem}.json`).sort())
    expect(filesIn('recordings')).toEqual(stems.map((stem) => `${stem}.jsonl`).sort())
    for (const [index, name] of ['数学推理', 'Проверка знаний', LONG].entries()) {
      const report = ReportSchema.parse(JSON.parse(readFileSync(join(OUT, 'eval-reports', `${stems[index]}.json`), 'utf8')))
      expect([report.benchmark, report.counts.right]).toEqual([name, 3])
      expect(benchmarkOf(`baselines/${stems[index]}.json`)).toBe(name)
      expect(
        readFileSync(join(OUT, 'recordings', `${stems[index]}.jsonl`), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(3)
      expect(tableRows(run.stdout, name)).not.toEqual([])
    }
    expect(verdictOf(run.stdout)).toMatchInlineSnapshot(`"evalsuite: PASS, every gate held."`)
    expect(tableRows(run.stdout, 'Проверка знаний')).toMatchInlineSnapshot(`
      [
        "Проверка знаний | all | accuracy | 3! | 100.0% | [38.3%, 100.0%]",
        "Проверка знаний: note: only 3 samples: the 95% interval of accuracy spans 61.7 points, so smaller changes cannot be told from noise",
      ]
    `)
  })

  it('replays each name from its own recordings, calling nothing', async () => {
    const before = server.requestCount
    const run = await runVitest(['hostile-names', CONFIG], { ...env, EVALSUITE_RECORDINGS: 'replay' })
    expect(run.code).toBe(0)
    expect(server.requestCount).toBe(before)
  })

  it('refuses two benchmarks of one file whose names differ only in case and spaces, naming both, before either calls the model', async () => {
    await rm(OUT, { recursive: true, force: true })
    const before = server.requestCount
    const run = await runVitest(['file-clash', '-u', CONFIG], env)
    expect(run.code).toBe(1)
    expect(server.requestCount - before).toBe(1)
    expect(verdictOf(run.stdout)).toMatchInlineSnapshot(`
      "evalsuite: FAIL
         - failed outside scoring: evals/file-clash.eval.ts > Word Math: describeBenchmark("Word Math") at evals/file-clash.eval.ts:7: the benchmark "word  math" in the same file would write the same files (baseline, recordings and report named "word-math"), as file names ignore case and turn spaces into "-". Rename one of them.
         - failed outside scoring: evals/file-clash.eval.ts > word  math: describeBenchmark("word  math") at evals/file-clash.eval.ts:8: the benchmark "Word Math" in the same file would write the same files (baseline, recordings and report named "word-math"), as file names ignore case and turn spaces into "-". Rename one of them."
    `)
    expect(filesIn('baselines')).toEqual(['word-math-unclashed.json'])
    expect(filesIn('eval-reports')).toEqual(['word-math-unclashed.json'])
  })

  it('fails a run whose benchmarks from two files would share a baseline, naming both, and writes neither over the other', async () => {
    await rm(OUT, { recursive: true, force: true })
    const run = await runVitest(['name-clash-', '-u', CONFIG], env)
    expect(run.code).toBe(1)
    // sorted: the run collects the two files in either order
    expect(verdictOf(run.stdout).split('\n').sort()).toMatchInlineSnapshot(`
      [
        "   - Word Math [task]: benchmarks "Word Math" (evals/name-clash-a.eval.ts) and "word math" (evals/name-clash-b.eval.ts) would share the baseline file file-names/baselines/word-math.json, as file names ignore case and turn spaces into "-", so it is neither compared nor written. Rename one of them.",
        "   - word math [task]: benchmarks "Word Math" (evals/name-clash-a.eval.ts) and "word math" (evals/name-clash-b.eval.ts) would share the baseline file file-names/baselines/word-math.json, as file names ignore case and turn spaces into "-", so it is neither compared nor written. Rename one of them.",
        "evalsuite: FAIL",
      ]
    `)
    expect(
      filesIn('eval-reports')
        .map((file) => benchmarkOf(`eval-reports/${file}`))
        .sort(),
    ).toEqual(['Word Math', 'word math'])
    expect(existsSync(join(OUT, 'baselines'))).toBe(false)
  })

  it("reports a file it cannot write as a real error, and still writes and prints every other benchmark's", async () => {
    await rm(OUT, { recursive: true, force: true })
    // folders in the way of one benchmark's report and another's baseline
    await mkdir(join(OUT, 'eval-reports', '数学推理-a3a65020.json'), { recursive: true })
    await mkdir(join(OUT, 'baselines', 'проверка-знаний-218d97f2.json'), { recursive: true })
    const run = await runVitest(['hostile-names', '-u', CONFIG], env)
    expect(run.code).toBe(1)
    for (const name of ['数学推理', 'Проверка знаний', LONG]) expect(tableRows(run.stdout, name)).not.toEqual([])
    expect(verdictOf(run.stdout).replace(/: E[A-Z]+[^\n]*/g, ': <error>')).toMatchInlineSnapshot(`
      "evalsuite: FAIL
         - failed outside scoring: could not write file-names/eval-reports/数学推理-a3a65020.json: <error>
         - failed outside scoring: could not write file-names/baselines/проверка-знаний-218d97f2.json: <error>
         - Проверка знаний [fake-model]: <error>"
    `)
    expect(filesIn('eval-reports')).toEqual([
      `${'a-long-benchmark-name-'.repeat(4)}a-l-1290afac.json`,
      'проверка-знаний-218d97f2.json',
      '数学推理-a3a65020.json',
    ])
    expect(filesIn('baselines')).toEqual([
      `${'a-long-benchmark-name-'.repeat(4)}a-l-1290afac.json`,
      'проверка-знаний-218d97f2.json',
      '数学推理-a3a65020.json',
    ])
    expect(benchmarkOf(`baselines/数学推理-a3a65020.json`)).toBe('数学推理')
  })
})
