import { datasets, describeBenchmark, models } from 'evalsuite'

// Example 2: a model behind an OpenAI-compatible endpoint, on a multiple-choice data file with subsets.
// Offline (no OPENAI_API_KEY / OPENAI_BASE_URL) it replays fixtures/recordings/capitals.jsonl: replies WRITTEN BY
// HAND for this example, not produced by a real model (two of them are deliberately wrong). With a key or a base
// URL set, the same benchmark calls the endpoint live.
const live = Boolean(process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL)
const modelName = process.env.EVALSUITE_EXAMPLE_MODEL ?? 'gpt-4o-mini'

describeBenchmark('capitals', {
  dataset: datasets.jsonl('evals/data/capitals.jsonl'),
  model: live ? models.openai({ model: modelName }) : models.replay('fixtures/recordings/capitals.jsonl', { name: `${modelName} (recorded)` }),
  // Example 3: the gate. 10 of 12 right passes a 0.75 floor; the table shows the interval that n = 12 allows.
  thresholds: { accuracy: 0.75 },
})
