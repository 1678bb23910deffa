import { inputText, type Sample, type SampleMeta } from '../schema/index.ts'
import type { SampleTest } from './sample-test.ts'

const SHOWN_CHARS = 1000

function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text
}

/**
 * Annotates a scored sample with its input, target, output, extracted answer and one "score.<metric>" per score. The
 * UI and the html report show each in the test's report; the JUnit reporter writes each as a property of the test case.
 */
export async function annotateSample(test: SampleTest, sample: Sample, meta: SampleMeta): Promise<void> {
  const extracted = meta.checks?.map((check) => (check.extracted === null ? 'nothing' : JSON.stringify(check.extracted))) ?? []
  const fields: [string, string][] = [
    ['input', shorten(inputText(sample))],
    ['target', JSON.stringify(sample.target)],
    ['output', shorten(meta.output ?? '')],
    ...(extracted.length > 0 ? [['extracted', extracted.join(', ')] as [string, string]] : []),
    ...Object.entries(meta.scores ?? {}).map(([metric, value]): [string, string] => [`score.${metric}`, String(value)]),
  ]
  // sent at once: each annotation is a round trip to the main process, and they arrive in order
  await Promise.all(fields.map(([type, message]) => test.annotate(message, type)))
}
