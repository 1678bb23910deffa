import { describeBenchmark, type BenchmarkOptions } from '../../benchmark/index.ts'
import { LAST_ANSWER_LINE, mcq, qa, SHORT_ANSWER_RULE } from '../../benchmarks/index.ts'
import { loadDataFile } from '../../dataset/index.ts'
import { judge } from '../../judge/index.ts'
import { models } from '../../model/index.ts'
import { QuickEvalSettingsSchema, type QuickEvalSettings } from './settings.ts'

const SAME_ANSWER = judge.labels({
  prompt:
    'The response answers the question; the reference is a right answer. Label the response "correct" if its final ' +
    'answer means the same as the reference, in any wording or notation, and "incorrect" if it differs, hedges between ' +
    'answers, or gives none.',
  labels: { correct: 1, incorrect: 0 },
})

function run(settings: QuickEvalSettings): Partial<BenchmarkOptions> {
  const connection = settings.baseURL ? { baseURL: settings.baseURL } : {}
  return {
    model: models.openai({ model: settings.model, ...connection }),
    thresholds: settings.thresholds,
    ...(settings.limit ? { limit: settings.limit } : {}),
    ...(settings.repeats ? { repeats: settings.repeats } : {}),
    ...(settings.concurrency ? { concurrency: settings.concurrency } : {}),
    // the rule settles every reply it reads as right; the judge sees only the rest
    ...(settings.judge ? { judge: { model: models.openai({ model: settings.judge, ...connection }), definition: SAME_ANSWER, policy: 'cascade' as const } } : {}),
  }
}

/**
 * Declares the benchmark `evalsuite eval` asked for: an OpenCompass file through the `mcq` or `qa` built-in, a ChatML
 * or plain file with its own samples, run against an OpenAI-compatible model, through the same pipeline and reporter
 * as any eval file.
 */
export async function declareQuickEval(written: unknown): Promise<void> {
  const settings = QuickEvalSettingsSchema.parse(written)
  const data = await loadDataFile(settings.file, settings.split ? { split: settings.split } : {})
  const options = run(settings)
  if (data.format === 'opencompass') {
    const builtin = data.kind === 'mcq' ? mcq({ path: settings.file }) : qa({ path: settings.file })
    describeBenchmark(builtin, options)
    return
  }
  // a conversation (ChatML, or EvalScope's messages) is sent as it is, so the answer rule goes before it as a system message
  const conversations = data.kind === 'chatml' || data.samples.some((sample) => typeof sample.input !== 'string')
  describeBenchmark(settings.name, {
    dataset: data.samples,
    ...options,
    ...(data.kind === 'mcq' ? {} : conversations ? { system: SHORT_ANSWER_RULE } : { prompt: `{input}\n\n${SHORT_ANSWER_RULE}` }),
    ...(data.kind === 'mcq' ? {} : { answer: { kind: 'regex', pattern: LAST_ANSWER_LINE } }),
  } as BenchmarkOptions)
}
