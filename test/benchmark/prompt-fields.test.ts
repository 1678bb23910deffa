import { describe, expect, it } from 'vitest'
import { defineBenchmark, type BenchmarkDefinition } from '../../src/benchmark/index.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../../src/benchmark/resolve-benchmark.ts'
import type { Model } from '../../src/model/index.ts'

const model: Model = { name: 'echo', generate: async () => ({ text: '', latencyMs: 0 }) }

const dataset = [
  { id: 'q1', input: 'Two plus two?', target: '4', metadata: { source: 'book', level: 1 } },
  { id: 'q2', input: 'Three plus three?', target: '6', metadata: { source: 'web' } },
]

function prepare(definition: Partial<BenchmarkDefinition>) {
  return prepareSamples(resolveDefined(defineBenchmark({ name: 'arith', dataset, ...definition }), { model }, undefined, undefined))
}

describe('prompt templates at collection', () => {
  it('refuses a field no sample has before any sample runs, with the one meant and the fields the samples have', async () => {
    await expect(prepare({ prompt: 'Solve: {inptu}' })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("arith"): option "prompt" uses "{inptu}", which no sample has; did you mean "{input}"? The samples have {source}, {level}, {id}, {input}.]`,
    )
  })

  it('refuses a field only some samples have, naming how many lack it and the first', async () => {
    await expect(prepare({ prompt: '{input} (level {level})' })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: describeBenchmark("arith"): option "prompt" uses "{level}", which 1 of 2 samples lack (the first: "q2"). The samples have {source}, {level}, {id}, {input}.]`,
    )
  })

  it('checks the few-shot templates over the examples and the samples, with their own fields', async () => {
    await expect(prepare({ fewShot: 1, toFewShot: 'Q: {input}\nA: {taget}' })).rejects.toThrow(
      'option "toFewShot" uses "{taget}", which no sample has; did you mean "{target}"?',
    )
    await expect(prepare({ fewShot: 1, fewShotTemplate: '{exmples}\n\n{prompt}' })).rejects.toThrow(
      'option "fewShotTemplate" uses "{exmples}", which no sample has; did you mean "{examples}"?',
    )
    await expect(
      prepare({ fewShot: 1, prompt: '{source}: {input}', toFewShot: '{input} = {target}', fewShotTemplate: '{examples}\n{prompt} ({id})' }),
    ).resolves.toBeTruthy()
  })

  it('leaves a template with every field to run, and a prompt function alone', async () => {
    await expect(prepare({ prompt: '[{source}] {input}' })).resolves.toBeTruthy()
    await expect(prepare({ prompt: (sample) => `{inptu} ${String(sample.input)}` })).resolves.toBeTruthy()
  })
})
