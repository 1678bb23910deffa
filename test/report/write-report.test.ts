import { expect, it } from 'vitest'
import { reportFileNames } from '../../src/report/write-report.ts'
import type { Report } from '../../src/schema/index.ts'

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
