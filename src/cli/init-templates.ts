/** The files `evalsuite init` writes into a project, as they are written. */

export const CONFIG_FILE = `import { defineConfig } from 'vitest/config'
import { evalsuite } from 'evalsuite/plugin'

export default defineConfig({
  plugins: [evalsuite()],
})
`

export const EXAMPLE_EVAL = `import { datasets, describeBenchmark } from 'evalsuite'

// The function under test: replace it with a call into your application, or give
// \`model: models.openai({ model: 'gpt-4o-mini' })\` instead of \`task\` to evaluate a model.
function routeTicket(text: string): string {
  const lower = text.toLowerCase()
  if (/refund|charged|invoice|money back/.test(lower)) return 'billing'
  if (/password|log ?in|sign ?in|locked out/.test(lower)) return 'account'
  return 'other'
}

// One Vitest test per line of the data file; a wrong answer is data, only the threshold decides the exit code.
describeBenchmark('example', {
  dataset: datasets.jsonl('evals/data/example.jsonl'),
  task: (sample) => routeTicket(String(sample.input)),
  thresholds: { accuracy: 0.75 },
})
`

export const EXAMPLE_DATA = [
  { id: 't1', input: 'I was charged twice for my subscription', target: 'billing' },
  { id: 't2', input: 'Please send me the invoice for March', target: 'billing' },
  { id: 't3', input: 'I forgot my password', target: 'account' },
  { id: 't4', input: 'I cannot log in since yesterday', target: 'account' },
  { id: 't5', input: 'Where is your office?', target: 'other' },
  { id: 't6', input: 'Can I get my money back for the last order?', target: 'billing' },
  { id: 't7', input: 'My account is locked out after too many attempts', target: 'account' },
  { id: 't8', input: 'The app crashes when I open settings, and I want a refund', target: 'other' },
]
  .map((row) => JSON.stringify(row))
  .join('\n')
  .concat('\n')

export const EVALS_SCRIPT = 'vitest run evals'
