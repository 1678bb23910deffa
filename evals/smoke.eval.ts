import { describeBenchmark } from 'evalsuite'

describeBenchmark('smoke', {
  dataset: [
    { id: 'a', input: 'one', target: '1' },
    { id: 'b', input: 'two', target: '2' },
    { id: 'c', input: 'three', target: '4' },
  ],
  task: async (sample) => ({ one: '1', two: '2', three: '3' })[sample.input as string] ?? '',
  thresholds: { accuracy: 0.5 },
})
