import { relative } from 'node:path'
import { test, type TestContext, type TestOptions } from 'vitest'
import type { VariantGroup } from '../benchmark/index.ts'
import { GateError } from '../errors.ts'
import { evaluateCompareGate } from '../gates/index.ts'
import { evaluateVariants, type VariantRun } from '../report/index.ts'
import { BenchmarkMetaSchema, evalsuiteMetaOf, type GateSettings, PARSED_ONCE } from '../schema/index.ts'
import { providedGateSettings } from './provided-settings.ts'
import { anyRan, GATE_ANNOTATION, GATE_TIMEOUT_MS, sampleOutcomes } from './gate-tests.ts'
import { suiteReport } from './suite-report.ts'
import { skipWithReason, suiteSiblingsOf, type TaskLike, taskMeta } from './tasks.ts'
import { visibleMessage, visibleName, withVisibleErrors } from './visible-text.ts'

/** The shape shared by describe, describe.only and describe.skip, as the variants' suites are declared. */
export type SuiteDeclaration = (name: string, options: TestOptions & { shuffle?: boolean }, factory: () => Promise<void>) => void

// the suites of the benchmark's variants, beside the compare suite, with the samples each ran and its report: the one
// its own gate tests were evaluated from
function variantRuns(tasks: readonly TaskLike[], of: string, file: string, settings: GateSettings): VariantRun[] {
  return tasks.flatMap((task) => {
    const parsed = task.type === 'suite' ? BenchmarkMetaSchema.safeParse(evalsuiteMetaOf(task.meta), PARSED_ONCE) : undefined
    if (!parsed?.success || parsed.data.variant?.of !== of) return []
    const shared = suiteReport(task, () => sampleOutcomes(task.tasks ?? []), { meta: parsed.data, file, settings })
    return anyRan(shared.samples) ? [{ meta: parsed.data, samples: shared.samples, report: shared.report }] : []
  })
}

async function runCompareGate(context: TestContext, group: string, variant: string): Promise<void> {
  const settings = providedGateSettings()
  if (settings === undefined)
    return skipWithReason(
      context,
      GATE_ANNOTATION,
      'not evaluated: the evalsuite plugin is not in this project, so the reporter evaluates the gates',
    )
  const runs = variantRuns(suiteSiblingsOf(context), group, relative(settings.root, context.task.file.filepath), settings)
  if (!runs.some((run) => run.meta.variant?.name === variant))
    return skipWithReason(context, GATE_ANNOTATION, `not evaluated: no sample of variant "${variant}" ran`)
  const shard = runs.find((run) => run.meta.shard !== undefined)?.meta.shard
  if (shard !== undefined)
    return skipWithReason(
      context,
      GATE_ANNOTATION,
      `not evaluated: this run holds shard ${shard.index} of ${shard.count}; the merged run evaluates the compare gates`,
    )
  const { matrix, semantics } = await evaluateVariants(runs)
  const judged = evaluateCompareGate(matrix, variant, semantics)
  if (judged.passed === null) return skipWithReason(context, GATE_ANNOTATION, judged.summary)
  const summary = visibleMessage(judged.summary)
  await context.annotate(summary, GATE_ANNOTATION)
  if (!judged.passed) throw new GateError(summary)
}

/**
 * After the suites of a benchmark's variants, a suite of its compare gates: one test per variant other than the
 * reference, which fails when the variant is significantly worse than the reference by more than `maxDrop`. They
 * judge once every variant has run, since Holm's correction counts all the comparisons.
 */
export function declareCompareGates(suite: SuiteDeclaration, group: VariantGroup, tags: string[]): void {
  const { compare } = group
  if (compare?.maxDrop === undefined) return
  const reference = group.benchmarks[0]!.variant!.reference
  const only = group.benchmarks.some((benchmark) => benchmark.run.only !== undefined)
  const declare = only ? test.only : test
  suite(visibleName(`${group.name}: compare`), { shuffle: false }, async () => {
    for (const { variant } of group.benchmarks) {
      if (variant === undefined || variant.name === reference) continue
      const name = visibleName(
        `gate: ${variant.name} not worse than ${reference} by more than ${compare.maxDrop} (α ${compare.alpha}, Holm)`,
      )
      const options = { meta: taskMeta({ kind: 'gate', gate: name }), concurrent: false, retry: 0, timeout: GATE_TIMEOUT_MS, tags }
      declare(
        name,
        options,
        withVisibleErrors((context: TestContext) => runCompareGate(context, group.name, variant.name)),
      )
    }
  })
}
