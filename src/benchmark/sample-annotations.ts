import { inject, type TestContext } from 'vitest'
import { ANNOTATE_SAMPLES_KEY, type Sample, type SampleMeta } from '../schema/index.ts'

const SHOWN_CHARS = 1000

/** Whether the plugin asked for per-sample annotations (a JUnit or html reporter, or the UI, is on). */
export function sampleAnnotationsWanted(): boolean {
  return inject(ANNOTATE_SAMPLES_KEY as never) === true
}

function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text
}

function inputText(sample: Sample): string {
  if (typeof sample.input === 'string') return sample.input
  return sample.input.map((message) => `[${message.role}] ${message.content}`).join('\n')
}

/**
 * Annotates a scored sample: one "sample" annotation with the input, target, output and extracted answer, which the
 * UI and the html report show in the test's report, and one "score.<metric>" annotation per score, which the JUnit
 * reporter writes as a property of the test case.
 */
export async function annotateSample(context: TestContext, sample: Sample, meta: SampleMeta): Promise<void> {
  const extracted = meta.checks?.map((check) => (check.extracted === null ? 'nothing' : JSON.stringify(check.extracted)))
  const card = [
    `input: ${shorten(inputText(sample))}`,
    `target: ${JSON.stringify(sample.target)}`,
    `output: ${shorten(meta.output ?? '')}`,
    ...(extracted && extracted.length > 0 ? [`extracted: ${extracted.join(', ')}`] : []),
  ].join('\n')
  await Promise.all([
    context.annotate(card, 'sample'),
    ...Object.entries(meta.scores ?? {}).map(([metric, value]) => context.annotate(String(value), `score.${metric}`)),
  ])
}
