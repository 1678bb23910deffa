import { describe, expect, it } from 'vitest'
import { defineBenchmark, type BenchmarkOverrides } from '../../src/benchmark/index.ts'
import { rotateSample } from '../../src/selection/circular.ts'
import { markCircular } from '../../src/benchmark/circular-score.ts'
import { circularAccuracy, type CorpusSample } from '../../src/metrics/index.ts'
import type { BenchmarkMeta } from '../../src/schema/index.ts'
import { prepareSamples } from '../../src/benchmark/prepare-samples.ts'
import { resolveDefined, resolveNamed } from '../../src/benchmark/resolve-benchmark.ts'
import { mcq } from '../../src/benchmarks/index.ts'
import type { SampleInput } from '../../src/dataset/index.ts'
import type { Model } from '../../src/model/index.ts'
import { contentText, type Sample } from '../../src/schema/index.ts'
import { checkAnswer } from '../../src/scoring/index.ts'
import { useTempData } from '../dataset/temp-data.ts'

const model: Model = { name: 'echo', generate: async () => ({ text: '', latencyMs: 0 }) }
const data = useTempData()

const planet: Sample = { id: 'planet', input: 'Largest planet?', choices: ['Mars', 'Jupiter', 'Venus', 'Earth'], target: 'B' }

function prepareInline(dataset: SampleInput[], options: Partial<BenchmarkOverrides> = {}) {
  return prepareSamples(resolveNamed('quiz', { dataset, model, circular: true, ...options }, undefined, undefined))
}

describe('rotateSample', () => {
  it('shifts the options i places, as OpenCompass does, and the target letter with its option', () => {
    const rotations = [0, 1, 2, 3].map((rotation) => rotateSample(planet, rotation))
    expect(rotations.map((sample) => [sample.choices!.join(' '), sample.target])).toEqual([
      ['Mars Jupiter Venus Earth', 'B'],
      ['Earth Mars Jupiter Venus', 'C'],
      ['Venus Earth Mars Jupiter', 'D'],
      ['Jupiter Venus Earth Mars', 'A'],
    ])
    // the right option keeps its text in every rotation
    for (const sample of rotations) expect(sample.choices!['ABCD'.indexOf(sample.target as string)]).toBe('Jupiter')
  })

  it('moves every letter of a multiple-answer target, wrapping past the last option', () => {
    expect(rotateSample({ ...planet, target: ['A', 'D'] }, 1).target).toEqual(['A', 'B'])
  })

  it('reads the rotated letter under the choice rule: the right text is right in every rotation', () => {
    const third = rotateSample(planet, 2)
    expect(checkAnswer('ANSWER: D', third.target!, { kind: 'choice', choices: third.choices! }, 'test').pass).toBe(true)
    expect(checkAnswer('ANSWER: B', third.target!, { kind: 'choice', choices: third.choices! }, 'test').pass).toBe(false)
  })
})

describe('circular evaluation', () => {
  it('plans each question once per rotation, as the attempts of a repeated sample, with the rotated options in its prompt', async () => {
    const prepared = await prepareInline([planet, { id: 'water', input: 'H2O is?', choices: ['salt', 'air', 'water', 'ice'], target: 'C' }])
    expect(prepared.attempts).toBe(4)
    expect(prepared.planned.map((entry) => [entry.key, entry.attempt, entry.sample.target])).toEqual([
      ['planet#0', 0, 'B'],
      ['planet#1', 1, 'C'],
      ['planet#2', 2, 'D'],
      ['planet#3', 3, 'A'],
      ['water#0', 0, 'C'],
      ['water#1', 1, 'D'],
      ['water#2', 2, 'A'],
      ['water#3', 3, 'B'],
    ])
    const prompt = contentText(prepared.messagesOf(prepared.planned[1]!.sample)[0]!.content)
    expect(prompt).toContain('A. Earth\nB. Mars\nC. Jupiter\nD. Venus')
  })

  it('is an option of a defined benchmark, as a default or an override', async () => {
    const quiz = defineBenchmark({ name: 'quiz', dataset: [planet], defaults: { circular: true } })
    const { planned } = await prepareSamples(resolveDefined(quiz, { model }, undefined, undefined))
    expect(planned.map((entry) => entry.key)).toEqual(['planet#0', 'planet#1', 'planet#2', 'planet#3'])
    const off = await prepareSamples(resolveDefined(quiz, { model, circular: false }, undefined, undefined))
    expect(off.planned.map((entry) => entry.key)).toEqual(['planet'])
  })

  it('refuses open questions, targets that are not letters, mixed option counts and repeats, naming the samples', async () => {
    await expect(prepareInline([planet, { id: 'open', input: 'Why?', target: 'because' }])).rejects.toThrow(
      'describeBenchmark("quiz"): circular evaluation rotates the options of multiple-choice samples, and "open" has none; remove circular, or give every sample its choices.',
    )
    await expect(prepareInline([{ ...planet, target: 'Jupiter' }])).rejects.toThrow(
      'the target of "planet" is not an option letter (A, B, ...)',
    )
    await expect(prepareInline([planet, { id: 'coin', input: 'Heads?', choices: ['yes', 'no'], target: 'A' }])).rejects.toThrow(
      'every sample needs the same number of options; most have 4, but not "coin (2)". Split the data by option count.',
    )
    await expect(prepareInline([planet], { repeats: 3 })).rejects.toThrow(
      'circular evaluation asks each question once per rotation of its options, so it takes no "repeats" (3); remove one of them.',
    )
  })

  it('is selected by an OpenCompass meta file\'s data_type "circular-mcq", its human_prompt filled with the rotated options', async () => {
    const path = data.file('planets.csv', 'question,A,B,C,answer\nLargest planet?,Mars,Jupiter,Venus,B\n')
    data.file(
      'planets.csv.meta.json',
      JSON.stringify({ data_type: 'circular-mcq', human_prompt: 'Q: {question}\nA. {A}\nB. {B}\nC. {C}\nAnswer: ' }),
    )
    const { planned, messagesOf } = await prepareSamples(resolveDefined(mcq({ path }), { model }, undefined, undefined))
    expect(planned.map((entry) => [entry.attempt, entry.sample.target])).toEqual([
      [0, 'B'],
      [1, 'C'],
      [2, 'A'],
    ])
    expect(planned.map((entry) => messagesOf(entry.sample))).toEqual([
      [{ role: 'user', content: 'Q: Largest planet?\nA. Mars\nB. Jupiter\nC. Venus\nAnswer: ' }],
      [{ role: 'user', content: 'Q: Largest planet?\nA. Venus\nB. Mars\nC. Jupiter\nAnswer: ' }],
      [{ role: 'user', content: 'Q: Largest planet?\nA. Jupiter\nB. Venus\nC. Mars\nAnswer: ' }],
    ])
  })
})

describe('circular_accuracy', () => {
  const meta = (): BenchmarkMeta => ({ kind: 'benchmark', name: 'quiz', model: 'm', thresholds: {}, maxErrors: 0 })
  const rotation = (id: string, attempt: number, accuracy: number): CorpusSample => ({
    id,
    attempt,
    subset: null,
    scores: { accuracy },
    answer: null,
    target: 'A',
  })

  it('is the share of questions right in every rotation, leaving out a question with an errored rotation, and is the primary metric', () => {
    const shown = meta()
    markCircular(shown, 3, true)
    const score = circularAccuracy(3)
    const samples = [
      ...[0, 1, 2].map((attempt) => rotation('all-right', attempt, 1)),
      ...[0, 1, 2].map((attempt) => rotation('one-wrong', attempt, attempt === 1 ? 0 : 1)),
      // rotation 2 errored: neither right nor wrong
      ...[0, 1].map((attempt) => rotation('errored', attempt, 1)),
    ]
    expect(score(samples)).toEqual({ circular_accuracy: 0.5 })
    expect(shown.primaryMetric).toBe('circular_accuracy')
    expect(shown.circular).toBe(3)
  })

  it('counts a question drawn twice by a bootstrap resample twice, and keeps a primary metric the benchmark names', () => {
    const named = { ...meta(), primaryMetric: 'partial_credit' }
    markCircular(named, 2, true)
    const twice = [
      rotation('q', 0, 1),
      rotation('q', 1, 1),
      rotation('q', 0, 1),
      rotation('q', 1, 1),
      rotation('r', 0, 0),
      rotation('r', 1, 1),
    ]
    expect(circularAccuracy(2)(twice)).toEqual({ circular_accuracy: 2 / 3 })
    expect(named.primaryMetric).toBe('partial_credit')
  })
})
