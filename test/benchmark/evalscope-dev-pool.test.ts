import { describe, expect, it } from 'vitest'
import { defineBenchmark } from '../../src/benchmark/index.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../../src/benchmark/resolve-benchmark.ts'
import { mcq } from '../../src/benchmarks/index.ts'
import { datasets } from '../../src/dataset/index.ts'
import type { Model } from '../../src/model/index.ts'
import { contentText } from '../../src/schema/index.ts'
import { useTempData } from '../dataset/temp-data.ts'

const model: Model = { name: 'echo', generate: async () => ({ text: '', latencyMs: 0 }) }
const data = useTempData()
const folder = data.folder('mcq', {
  'example_dev.csv':
    'id,question,A,B,C,D,answer\nd1,Which is a mammal?,shark,whale,trout,eel,B\nd2,Which is a bird?,bat,penguin,frog,cod,B\n',
  'example_val.csv': 'id,question,A,B,C,D,answer\nv1,Which is a reptile?,lizard,owl,dog,carp,A\n',
  'alone_val.csv': 'id,question,A,B,answer\na1,Is ice cold?,yes,no,A\n',
  // as EvalScope writes them: each file numbers its rows from 1
  'numbered_dev.jsonl': [1, 2, 3]
    .map((id) => JSON.stringify({ id, question: `Dev question ${id}?`, A: 'yes', B: 'no', answer: 'A' }))
    .join('\n'),
  'numbered_val.jsonl': [1, 2]
    .map((id) => JSON.stringify({ id, question: `Val question ${id}?`, A: 'yes', B: 'no', answer: 'B' }))
    .join('\n'),
})

async function promptOf(benchmark: ReturnType<typeof mcq>, fewShot?: number): Promise<string> {
  const { planned, messagesOf } = await prepareSamples(
    resolveDefined(benchmark, { model, ...(fewShot === undefined ? {} : { fewShot }) }, undefined, undefined),
  )
  return contentText(messagesOf(planned[0]!.sample).at(-1)!.content)
}

describe('EvalScope general MCQ: the _dev file as the few-shot pool of its _val file', () => {
  it("asks with no examples by default (EvalScope's 0 shots), and draws them from example_dev.csv when fewShot is set", async () => {
    expect(await promptOf(mcq({ path: `${folder}/example_val.csv` }))).not.toContain('mammal')
    const prompt = await promptOf(mcq({ path: `${folder}/example_val.csv` }), 2)
    expect(prompt).toMatch(
      /^Which is a mammal\?\n\nA\. shark\nB\. whale\nC\. trout\nD\. eel\nANSWER: B\n\nWhich is a bird\?[\s\S]*ANSWER: B\n\nWhich is a reptile\?/,
    )
  })

  it("pairs the files for datasets.evalscope in a defined benchmark, and falls back to the file's own samples without a _dev file", async () => {
    const paired = defineBenchmark({ name: 'paired', dataset: datasets.evalscope(`${folder}/example_val.csv`), fewShot: { count: 1 } })
    expect(await promptOf(paired)).toMatch(/^Which is a mammal\?/)
    // the only question cannot be its own example, and a prompt with fewer examples than asked is never sent
    await expect(
      prepareSamples(resolveDefined(mcq({ path: `${folder}/alone_val.csv`, fewShot: 1 }), { model }, undefined, undefined)),
    ).rejects.toThrow(/1 few-shot examples per sample are asked for, but sample "a1" has 0 besides its own question/)
  })

  it('gives every prompt as many examples as asked when the _dev and _val files number their rows alike', async () => {
    const { planned, messagesOf } = await prepareSamples(
      resolveDefined(mcq({ path: `${folder}/numbered_val.jsonl`, fewShot: 3 }), { model }, undefined, undefined),
    )
    expect(planned.map((entry) => entry.sample.id)).toEqual(['1', '2'])
    for (const entry of planned) {
      expect(contentText(messagesOf(entry.sample).at(-1)!.content).match(/Dev question \d\?/g)).toEqual([
        'Dev question 1?',
        'Dev question 2?',
        'Dev question 3?',
      ])
    }
  })
})
