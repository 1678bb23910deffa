import { datasets, describeBenchmark } from 'evalsuite'
import { readOrderNumber } from './app/order-number.ts'

// Example 6: repeats. An answer that varies from call to call (an LLM at temperature > 0, here a stand-in function)
// is judged over k attempts per sample. The table gives the mean over every attempt and, per sample, pass@k (at least
// one of the k attempts right, by the unbiased estimator), pass^k (all k right) and the majority vote; intervals are
// clustered by sample, since the attempts of one sample are not independent.
describeBenchmark('order-number', {
  dataset: datasets.jsonl('evals/data/order-messages.jsonl'),
  task: (sample, { attempt }) => readOrderNumber(String(sample.input), attempt),
  repeats: 4,
  thresholds: { accuracy: 0.6 },
})
