import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createMetricCatalog } from '../../src/metrics/index.ts'
import { buildReport } from '../../src/report/build-report.ts'
import { reportFileNames, writeReport } from '../../src/finish/write-report.ts'
import { SampleMetaSchema, type Report } from '../../src/schema/index.ts'
import { registerKey } from '../../src/store/index.ts'

const report = (benchmark: string, model: string, file: string): Report => ({ benchmark, model, file }) as Report

it('names reports by benchmark, adding the model and then the file only where names would collide', () => {
  expect(
    reportFileNames([
      report('GSM8K', 'gpt-4o', 'evals/gsm8k.eval.ts'),
      report('GSM8K', 'llama 3.1', 'evals/gsm8k.eval.ts'),
      report('mmlu', 'gpt-4o', 'evals/mmlu.eval.ts'),
      report('capitals', 'task', 'evals/a.eval.ts'),
      report('capitals', 'task', 'evals/b.eval.ts'),
    ]),
  ).toEqual(['gsm8k.gpt-4o.json', 'gsm8k.llama-3.1.json', 'mmlu.json', 'capitals.evals-a.eval.json', 'capitals.evals-b.eval.json'])
})

it('never gives two reports one file name, on file systems that ignore case too', () => {
  const names = reportFileNames([
    report('Word Math', 'task', 'evals/a.eval.ts'),
    report('word math', 'task', 'evals/b.eval.ts'),
    report('a/b', 'task', 'evals/c.eval.ts'),
    report('a-b', 'task', 'evals/c.eval.ts'),
    report('twice', 'task', 'evals/d.eval.ts'),
    report('twice', 'task', 'evals/d.eval.ts'),
  ])
  expect(names).toEqual([
    'word-math-5196aae7.json',
    'word-math-1e03c591.json',
    'a-b-c14cddc0.json',
    'a-b.json',
    'twice.evals-d.eval-4e2d21b7.json',
    'twice.evals-d.eval-ba1a715b.json',
  ])
  expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length)
})

it('keeps a report name with its model and file parts within a safe length', () => {
  const names = reportFileNames([
    report('b'.repeat(90), 'accounts/fireworks/models/llama-v3p1-405b-instruct', 'evals/x.eval.ts'),
    report('b'.repeat(90), 'gpt-4o', 'evals/x.eval.ts'),
  ])
  expect(names).toEqual([`${'b'.repeat(90)}-843070e0.json`, `${'b'.repeat(90)}.gpt-4o.json`])
})

it('writes no key into a report, whatever reached its records', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-report-'))
  const key = 'configured-Kx82mQp01zLw'
  registerKey(key)
  const meta = SampleMetaSchema.parse({
    kind: 'sample',
    sampleId: 's1',
    status: 'scored',
    scores: { accuracy: 0 },
    output: `my key ${key}, another sk-proj-${'Aa1'.repeat(10)}`,
  })
  const run = {
    meta: { kind: 'benchmark' as const, name: 'keys', model: 'm', thresholds: {}, maxErrors: 0 },
    file: 'evals/keys.eval.ts',
    samples: [{ meta, status: 'wrong' as const, name: 's1' }],
  }
  const built = buildReport(run, {
    createdAt: '2025-01-01T00:00:00.000Z',
    catalog: createMetricCatalog(),
    baseline: { file: 'b.json', entry: undefined },
    updating: false,
    missingBaselineFails: false,
  })
  const text = readFileSync(await writeReport(dir, 'keys.json', built), 'utf8')
  expect(text).not.toContain(key)
  expect(text).toContain('"output": "my key ***, another sk-proj-***"')
})
