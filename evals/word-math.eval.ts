import { datasets, describeBenchmark } from 'evalsuite'
import { solveWordMath } from './app/word-math.ts'

// Example 1: an application team evaluates its own function on its own data file, gated on accuracy.
// The solver gets two questions wrong on purpose ("divided by", word numbers): wrong answers are data, so the run
// still passes while accuracy stays above the threshold; raise the threshold to 0.9 and it fails.
// It is also gated against its committed baseline (evals/__baselines__/word-math.json): the run fails when accuracy
// drops by more than 5 points on the same samples and the drop is significant (McNemar's exact test). After an
// intended change, `npx vitest run evals -u` rewrites the baseline for review in the pull request.
describeBenchmark('word-math', {
  dataset: datasets.jsonl('evals/data/word-math.jsonl'),
  task: (sample) => solveWordMath(String(sample.input)),
  answer: { kind: 'number' },
  thresholds: { accuracy: { min: 0.8 } },
  regression: { maxDrop: 0.05 },
})
