import { describe, expect, it } from 'vitest'
import { collectRuns, RecordReader, type FinishedModule, type FinishedTest } from '../../src/records/index.ts'
import { trajectoryText, type BenchmarkMeta, type SampleMeta, type Trajectory } from '../../src/schema/index.ts'

const BENCHMARK: BenchmarkMeta = { kind: 'benchmark', name: 'qa', model: 'gpt-test', thresholds: {}, maxErrors: 0 }

const TRAJECTORY: Trajectory = {
  steps: [{ text: 'done', toolCalls: [], toolResults: [], latencyMs: 4 }],
  ended: 'reply',
}

// a finished test whose record can be replaced, as Vitest replaces a test's meta at each update (a retry's record)
type Held = FinishedTest & { record: object }

function moduleOf(records: object[]): { module: FinishedModule; tests: Held[] } {
  const suite = {
    type: 'suite' as const,
    id: 'suite-1',
    fullName: 'qa',
    parent: { type: 'module' as const },
    meta: () => ({ evalsuite: BENCHMARK }),
    errors: () => [],
  }
  const tests = records.map((record, index): Held => ({
    record,
    name: `s${index}`,
    fullName: `qa > s${index}`,
    parent: suite,
    meta() {
      return { evalsuite: this.record }
    },
    result: () => ({ state: 'passed' }),
  }))
  const module: FinishedModule = {
    moduleId: '/project/evals/qa.eval.ts',
    project: { name: 'evalsuite', import: () => Promise.reject(new Error('not imported')) },
    errors: () => [],
    children: { allSuites: () => [suite], allTests: () => tests },
  }
  return { module, tests }
}

const sample = (sampleId: string, accuracy: number, extra: Partial<SampleMeta> = {}): SampleMeta => ({
  kind: 'sample',
  sampleId,
  status: 'scored',
  scores: { accuracy },
  ...extra,
})

describe('RecordReader: sample records read as their tests finish', () => {
  it('gives the end of the run what reading every record then gives, refusals included', () => {
    const records = [
      sample('a', 1),
      sample('b', 0, { trajectory: trajectoryText(TRAJECTORY) }),
      { kind: 'sample', sampleId: 'c', status: 'scored', scores: { accuracy: 'high' } },
      sample('d', 1, { trajectory: '{' }),
    ]
    const { module, tests } = moduleOf(records)
    const reader = new RecordReader()
    for (const test of tests) reader.add(test)
    const early = collectRuns([module], '/project', reader)
    expect(early).toEqual(collectRuns([module], '/project'))
    expect(early.runs[0]!.samples.map((s) => [s.meta.sampleId, s.status])).toEqual([
      ['a', 'right'],
      ['b', 'wrong'],
    ])
    expect(early.runs[0]!.samples[1]!.trajectory).toEqual(TRAJECTORY)
    expect(early.problems.failures).toEqual([
      expect.stringMatching(/qa > s2: invalid evalsuite record \(scores\.accuracy: .+\)$/),
      expect.stringMatching(/qa > s3: invalid evalsuite record \(trajectory: not JSON \(.+\)\)$/),
    ])
  })

  it('reads each record once: the end of the run takes the read made as the test finished', () => {
    const record = sample('a', 1)
    const { module, tests } = moduleOf([record])
    const reader = new RecordReader()
    reader.add(tests[0]!)
    // the same record object, changed where it stands: only a read at the end would see it
    record.scores = { accuracy: 0 }
    expect(collectRuns([module], '/project', reader).runs[0]!.samples[0]!.status).toBe('right')
    expect(collectRuns([module], '/project').runs[0]!.samples[0]!.status).toBe('wrong')
  })

  it('reads a record again when its test holds a new one since (a retry)', () => {
    const { module, tests } = moduleOf([sample('a', 0)])
    const reader = new RecordReader()
    reader.add(tests[0]!)
    tests[0]!.record = sample('a', 1)
    expect(collectRuns([module], '/project', reader).runs[0]!.samples[0]!.status).toBe('right')
  })
})
