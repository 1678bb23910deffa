import { datasets, describeBenchmark } from 'evalsuite'
import { solveWordMath } from './app/word-math.ts'

// Example 1: an application team evaluates its own function on its own data file, gated on accuracy.
// The solver gets two questions wrong on purpose ("divided by", word numbers): wrong answers are data, so the run
// still passes while accuracy stays above the threshold; raise the threshold to 0.9 and it fails.
describeBenchmark('word-math', {
  dataset: datasets.jsonl('evals/data/word-math.jsonl'),
  task: (sample) => solveWordMath(String(sample.input)),
  answer: { kind: 'number' },
  thresholds: { accuracy: { min: 0.8 } },
})
