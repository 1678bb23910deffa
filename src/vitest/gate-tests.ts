import { relative } from 'node:path'
import { test, type TestContext } from 'vitest'
import { GateError } from '../errors.ts'
import type { CorpusAggregate } from '../metrics/index.ts'
import { type GateTest, gateTests, gateTestName, evaluateGate } from '../gates/index.ts'
import { sampleOutcome, type SampleOutcome, type TestState } from '../records/index.ts'
import { type BenchmarkMeta, sampleMetaOf } from '../schema/index.ts'
import { providedGateSettings } from './provided-settings.ts'
import { suiteReport } from './suite-report.ts'
import { siblingsOf, skipWithReason, type TaskLike, taskMeta } from './tasks.ts'
import { visibleMessage, visibleName, withVisibleErrors } from './visible-text.ts'

/** The annotation type of a gate test's outcome. */
export const GATE_ANNOTATION = 'evalsuite:gate'

// a gate's own limit, not the suite's: a benchmark's `testTimeout` is for one sample's model call and scoring
export const GATE_TIMEOUT_MS = 600_000

const STATES: Record<string, TestState> = { pass: 'passed', fail: 'failed', skip: 'skipped', todo: 'skipped' }

// the samples before the gate test, as the reporter will read them at the end of the run: their records as this
// worker wrote them (the reporter parses what reaches it from another process; a copy of each here would cost the
// worker as much memory again when it peaks)
export function sampleOutcomes(siblings: readonly TaskLike[]): SampleOutcome[] {
  return siblings.flatMap((task) => {
    const meta = task.type === 'test' ? sampleMetaOf(task.meta) : undefined
    if (meta === undefined) return []
    const state = STATES[task.result?.state ?? ''] ?? (task.mode === 'skip' || task.mode === 'todo' ? 'skipped' : 'pending')
    return [sampleOutcome(meta, task.name, state, task.result?.errors ?? [])]
  })
}

/** Whether any sample of the benchmark ran in this run: -t, `.skip` or an IDE's "run this test" can leave none. */
export function anyRan(samples: readonly SampleOutcome[]): boolean {
  return samples.some((sample) => sample.status !== 'skipped' || sample.meta.notRun !== undefined)
}

async function runGate(
  context: TestContext,
  meta: BenchmarkMeta,
  planned: GateTest,
  aggregate: CorpusAggregate | undefined,
): Promise<void> {
  const settings = providedGateSettings()
  if (settings === undefined)
    return skipWithReason(
      context,
      GATE_ANNOTATION,
      'not evaluated: the evalsuite plugin is not in this project, so the reporter evaluates the gates',
    )
  const suite = context.task.suite ?? context.task.file
  const shared = suiteReport(suite, () => sampleOutcomes(siblingsOf(context)), {
    meta,
    file: relative(settings.root, context.task.file.filepath),
    settings,
    aggregate,
  })
  if (!anyRan(shared.samples)) return skipWithReason(context, GATE_ANNOTATION, 'not evaluated: no sample of this benchmark ran')
  const judged = evaluateGate(await shared.report(), planned)
  if (judged.passed === null) return skipWithReason(context, GATE_ANNOTATION, judged.summary)
  const summary = visibleMessage(judged.summary)
  await context.annotate(summary, GATE_ANNOTATION)
  if (!judged.passed) throw new GateError(summary)
}

/**
 * Declares one test per gate of a benchmark, after its samples: each threshold, the regression gate and the error
 * budget. Each evaluates its gate once the samples have run, with the reporter's own code, and fails when the gate
 * fails, so that Vitest's summary, exit code, `--bail` and every reporter carry evalsuite's verdict. In a run that
 * holds one shard of the samples, the threshold and regression gates are left to the merged run (skipped).
 */
export function declareGateTests(meta: BenchmarkMeta, options: { only: boolean; tags: string[]; aggregate?: CorpusAggregate }): void {
  const declare = options.only ? test.only : test
  for (const planned of gateTests(meta)) {
    const name = visibleName(gateTestName(planned))
    // never concurrent with the samples (it reads their results), never retried (the samples do not change)
    declare(
      name,
      { meta: taskMeta({ kind: 'gate', gate: name }), concurrent: false, retry: 0, timeout: GATE_TIMEOUT_MS, tags: options.tags },
      withVisibleErrors((context: TestContext) => runGate(context, meta, planned, options.aggregate)),
    )
  }
}
