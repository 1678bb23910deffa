// The contract between evalsuite and Vitest: each internal src/vitest/ relies on beyond Vitest's typed API, checked
// on the Vitest major installed. CI runs it on both supported majors (Vitest 4 here, Vitest 5 in .ci/vitest5), so a
// change in either fails here, by name, before it shows as a wrong number in a report.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, type RunnerTestFile, type RunnerTestSuite } from 'vitest'
import { createVitest, DefaultReporter, type TestModule } from 'vitest/node'
import type { FileTask } from '../../src/benchmark/index.ts'
import type { VerdictFileTask } from '../../src/judge/index.ts'
import type { FinishedModule } from '../../src/records/index.ts'
import type { TaskLike } from '../../src/vitest/tasks.ts'

const installed = JSON.parse(readFileSync(new URL('../../node_modules/vitest/package.json', import.meta.url), 'utf8')) as {
  version: string
}
const ours = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  peerDependencies: Record<string, string>
}
const major = installed.version.split('.')[0]!

it('runs on a Vitest major that package.json declares it supports', () => {
  const supported = [...ours.peerDependencies.vitest!.matchAll(/\^(\d+)\./g)].map((found) => found[1])
  expect(supported).toContain(major)
})

it("fits Vitest's own types: TestModule is a FinishedModule, a suite a TaskLike, a file a FileTask and a VerdictFileTask", () => {
  expectTypeOf<TestModule>().toExtend<FinishedModule>()
  expectTypeOf<RunnerTestSuite>().toExtend<TaskLike>()
  expectTypeOf<RunnerTestFile>().toExtend<FileTask>()
  expectTypeOf<RunnerTestFile>().toExtend<VerdictFileTask>()
})

describe('a suite, as hooks hand it over (tasks.ts beforeSuite and afterSuite, verdict-file-hooks.ts)', () => {
  const seen: { before?: RunnerTestSuite; after?: RunnerTestSuite } = {}
  beforeAll(({}, suite) => {
    seen.before = suite as RunnerTestSuite
  })
  afterAll(({}, suite) => {
    seen.after = suite as RunnerTestSuite
    // afterAll runs once the tests ended; the assertions of the test below read what the hook saw first
    expect(suite.tasks.every((task) => task.result?.state === 'pass')).toBe(true)
  })

  it('gives beforeAll the suite being run, its tests declared with their mode, name and meta, and its file', ({ task }) => {
    const suite = seen.before!
    expect(suite.type).toBe('suite')
    expect(suite.tasks.map((test) => [test.type, test.mode, test.name])).toEqual([
      ['test', 'run', task.name],
      ['test', 'run', 'keeps meta written during the test on the task'],
    ])
    expect(suite.tasks[0]).toBe(task)
    expect(suite.file.filepath).toMatch(/contract\.test\.ts$/)
    expect(task.suite).toBe(suite)
  })

  it('keeps meta written during the test on the task', ({ task }) => {
    const meta = task.meta as Record<string, unknown>
    // a key of its own: an evalsuite record this incomplete would be reported as invalid beside the benchmarks of
    // test/vitest/suite-report.test.ts
    meta.contract = { kind: 'sample' }
    expect((seen.before!.tasks[1]!.meta as Record<string, unknown>).contract).toEqual({ kind: 'sample' })
  })
})

describe("a test's context (describe-benchmark.ts, tasks.ts skipWithReason and isLastAttempt)", () => {
  it('offers annotate, skip and an abort signal', async (context) => {
    expect(typeof context.skip).toBe('function')
    expect(context.signal).toBeInstanceOf(AbortSignal)
    await context.annotate('contract', 'evalsuite:contract')
    expect(context.task.annotations.map((annotation) => [annotation.type, annotation.message])).toEqual([
      ['evalsuite:contract', 'contract'],
    ])
  })

  it('lists the results of the tests before it among its siblings', ({ task }) => {
    const siblings = task.suite!.tasks
    expect(siblings.indexOf(task)).toBe(1)
    expect(siblings[0]!.result?.state).toBe('pass')
  })

  it('holds its retry option and its count of retries on the task', { retry: { count: 2, condition: /flaky/ } }, ({ task }) => {
    const { retry, result } = task as unknown as { retry?: unknown; result?: { retryCount?: number } }
    expect(retry).toEqual({ count: 2, condition: /flaky/ })
    expect(result?.retryCount ?? 0).toBe(0)
  })

  it("places a top-level suite among its file's tasks (variant-gate-tests.ts suiteSiblingsOf)", ({ task }) => {
    const file = task.file
    expect(task.suite?.suite).toBeUndefined()
    expect(file.tasks).toContain(task.suite)
  })
})

describe("a matcher's state (to-match-answer.ts, to-pass-judge.ts)", () => {
  it("hands a matcher its test's task, with meta, full name, file and context", ({ task, signal }) => {
    const states: { task?: unknown; isNot?: boolean; testPath?: string }[] = []
    expect.extend({
      toRecordState(this: (typeof states)[number]) {
        states.push(this)
        return { pass: !this.isNot, message: () => '' }
      },
    })
    const recorded = (value: unknown): { toRecordState(): void; not: { toRecordState(): void } } => expect(value) as never
    recorded(1).toRecordState()
    recorded(1).not.toRecordState()
    const state = states[0]!
    const seen = state.task as {
      meta: object
      fullTestName?: string
      file?: { filepath: string }
      context?: { signal?: AbortSignal; annotate?: unknown }
    }
    expect(seen).toBe(task)
    expect(seen.meta).toBe(task.meta)
    expect(seen.fullTestName).toContain(task.name)
    expect(seen.file?.filepath).toBe(task.file.filepath)
    expect(seen.context?.signal).toBe(signal)
    expect(typeof seen.context?.annotate).toBe('function')
    expect(states.map((each) => Boolean(each.isNot))).toEqual([false, true])
    expect(state.testPath).toBe(task.file.filepath)
  })
})

describe(`the Vitest ${major} instance a reporter is given (reporter.ts, progress-reporter.ts)`, () => {
  it('lists its reporters, the default one drawing a summary window in a terminal that the progress line joins', async () => {
    const vitest = await createVitest('test', { config: false, watch: false, reporters: [['default', { isTTY: true }]], include: ['none'] })
    try {
      const reporters = (vitest as unknown as { reporters?: unknown[] }).reporters
      expect(reporters?.some((reporter) => reporter instanceof DefaultReporter)).toBe(true)
      const summary = (
        reporters!.find((reporter) => reporter instanceof DefaultReporter) as unknown as { summary?: { createSummary?: unknown } }
      ).summary
      expect(typeof summary?.createSummary).toBe('function')
      expect(vitest.snapshot.options.updateSnapshot).toMatch(/^(all|new|none)$/)
      expect(typeof vitest.logger.log).toBe('function')
      expect(vitest.logger.outputStream).toBeDefined()
    } finally {
      await vitest.close()
    }
  })
})
