import { describeBenchmark, models } from 'evalsuite'
import { gsm8k } from 'evalsuite/benchmarks'

// Example 5: a built-in benchmark. `gsm8k` reads any file in GSM8K's layout (here eight problems written for this
// example, not GSM8K's own), prompts for a worked solution and scores the final number, whatever its formatting
// ("$1,410", "1410.00"). Point `path` at GSM8K's test.jsonl for the real 1,319 problems.
// By default the calls are replayed from evals/__recordings__/gsm8k.jsonl. Those replies were WRITTEN BY A SCRIPT
// playing the model for this example, not produced by a real model; one of them is deliberately wrong. With
// OPENAI_API_KEY or OPENAI_BASE_URL set, the benchmark calls the endpoint live instead.
const live = Boolean(process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL)

describeBenchmark(gsm8k({ path: 'evals/data/gsm8k-style.jsonl' }), {
  model: models.openai({ model: process.env.EVALSUITE_EXAMPLE_MODEL ?? 'gpt-4o-mini', temperature: 0 }),
  recordings: live ? 'live' : undefined,
  thresholds: { accuracy: 0.75 },
})
