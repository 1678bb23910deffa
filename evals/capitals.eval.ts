import { datasets, describeBenchmark, models } from 'evalsuite'

// Example 2: a model behind an OpenAI-compatible endpoint, on a multiple-choice data file with subsets.
// By default its calls are replayed from evals/__recordings__/capitals.jsonl. The replies in that file were WRITTEN
// BY HAND for this example, not produced by a real model, and two of them are deliberately wrong. With
// OPENAI_API_KEY or OPENAI_BASE_URL set, the benchmark calls the endpoint live instead.
const live = Boolean(process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL)

describeBenchmark('capitals', {
  dataset: datasets.jsonl('evals/data/capitals.jsonl'),
  model: models.openai({ model: process.env.EVALSUITE_EXAMPLE_MODEL ?? 'gpt-4o-mini' }),
  recordings: live ? 'live' : undefined,
  // Example 3: the gate. 10 of 12 right passes a 0.75 floor; the table shows the interval that n = 12 allows.
  thresholds: { accuracy: 0.75 },
})
