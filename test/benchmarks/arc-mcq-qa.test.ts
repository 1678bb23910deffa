import { describe, expect, it } from 'vitest'
import { arc, mcq, qa } from '../../src/benchmarks/index.ts'
import { matchAnswer } from '../../src/scoring/index.ts'
import { prepareBuiltin } from './prepare-builtin.ts'

const CHOICE_LINE =
  'Think it through if you need to, then give your final answer on the last line as "ANSWER: X", where X is the letter of one option.'

describe('arc', () => {
  it('reads the original layout, lettering options labelled 1-5', async () => {
    const { planned, messagesOf } = await prepareBuiltin(arc({ path: 'fixtures/benchmark/arc-original.jsonl' }))
    expect(planned.map(({ sample }) => [sample.id, sample.choices, sample.target])).toEqual([
      ['demo-1', ['leaves', 'roots', 'flowers', 'seeds'], 'B'],
      ['demo-2', ['chemical', 'sound', 'light'], 'A'],
    ])
    expect(messagesOf(planned[1]!.sample)).toEqual([
      { role: 'user', content: `What form of energy does a battery store?\n\nA. chemical\nB. sound\nC. light\n\n${CHOICE_LINE}` },
    ])
  })

  it('reads the layout with parallel choice lists, and refuses an answer key that labels no option', async () => {
    const { planned } = await prepareBuiltin(arc({ path: 'fixtures/benchmark/arc-hf.jsonl' }))
    expect(planned.map(({ sample }) => [sample.id, sample.target, sample.choices])).toEqual([
      ['demo-3', 'B', ['ruler', 'thermometer', 'balance', 'compass', 'stopwatch']],
      ['demo-4', 'A', ["Earth's rotation", "the Moon's orbit", "the Sun's rotation", 'clouds']],
    ])
    await expect(prepareBuiltin(arc({ path: 'fixtures/benchmark/arc-bad-key.jsonl' }))).rejects.toThrow(
      'fixtures/benchmark/arc-bad-key.jsonl:1: the field mapping threw: field "answerKey" is "E", which labels none of the options (A, B)',
    )
  })
})

describe('mcq (OpenCompass layout)', () => {
  it('reads a CSV with options A, B, C, named after the file, other fields kept as metadata', async () => {
    const benchmark = mcq({ path: 'fixtures/benchmark/quiz.csv' })
    expect(benchmark.name).toBe('quiz')
    const { planned, messagesOf } = await prepareBuiltin(benchmark)
    expect(planned.map(({ sample }) => [sample.id, sample.target, sample.choices, sample.metadata])).toEqual([
      ['q1', 'B', ['Atlantic', 'Pacific', 'Indian'], { topic: 'geography' }],
      ['q2', 'B', ['Five', 'Six', 'Eight'], { topic: 'math' }],
      ['q3', 'B', ['Iron', 'Mercury', 'Copper'], { topic: 'chemistry' }],
    ])
    expect(messagesOf(planned[1]!.sample)[0]!.content).toBe(
      `How many sides does a hexagon have, counting every one?\n\nA. Five\nB. Six\nC. Eight\n\n${CHOICE_LINE}`,
    )
  })

  it('refuses an answer letter that names no option, with file and line', async () => {
    await expect(prepareBuiltin(mcq({ path: 'fixtures/benchmark/quiz.jsonl', name: 'colours' }))).rejects.toThrow(
      'fixtures/benchmark/quiz.jsonl:2: answer: "E" names no option; the options are A, B',
    )
  })

  it('refuses a question-answering file, naming the built-in to use', async () => {
    await expect(prepareBuiltin(mcq({ path: 'fixtures/benchmark/facts.jsonl' }))).rejects.toThrow(
      'fixtures/benchmark/facts.jsonl: is question answering (no option columns), not multiple choice (options A, B, ...); read it with qa() instead, or set "data_type" in facts.jsonl.meta.json',
    )
  })
})

describe('qa (OpenCompass layout)', () => {
  it('asks for a final ANSWER line and compares it, or the whole reply without one, ignoring case and spacing', async () => {
    const benchmark = qa({ path: 'fixtures/benchmark/facts.jsonl' })
    const { planned, messagesOf } = await prepareBuiltin(benchmark)
    expect(planned.map(({ sample }) => [sample.id, sample.target, sample.metadata])).toEqual([
      ['f1', 'Au', { source: 'chemistry book' }],
      ['f2', 'Mary Shelley', undefined],
    ])
    expect(messagesOf(planned[1]!.sample)[0]!.content).toBe(
      'Who wrote the novel Frankenstein?\n\nKeep the answer short, and give it on the last line as "ANSWER: <answer>".',
    )
    const answer = benchmark.answer?.kind === 'code' ? undefined : benchmark.answer
    const read = (reply: string) => matchAnswer(reply, 'Mary Shelley', answer)
    expect(read('She was English.\nANSWER:  mary   shelley ')).toMatchObject({ pass: true, extracted: 'mary   shelley' })
    expect(read('ANSWER: Percy Shelley\nOn reflection:\nANSWER: Mary Shelley')).toMatchObject({ pass: true, extracted: 'Mary Shelley' })
    // with no ANSWER line, the whole reply is the answer, as describeBenchmark and evalsuite eval read it
    expect(read(' Mary  Shelley\n')).toMatchObject({ pass: true })
    expect(read('Mary Shelley wrote it.')).toMatchObject({ pass: false, extracted: 'Mary Shelley wrote it.' })
  })
})
