import type { BenchmarkOptions } from '../../benchmark/index.ts'
import { mcq, qa } from '../../benchmarks/index.ts'
import { SHORT_ANSWER_RULE } from '../../prompt/index.ts'
import { loadDataFile } from '../../dataset/index.ts'
import { judge } from '../../judge/index.ts'
import { models } from '../../model/index.ts'
import type { MediaMessage, Sample } from '../../schema/index.ts'
import { describeBenchmark, providedQuickEval } from '../../vitest/index.ts'
import { dataFileOptions, type QuickEvalSettings, QuickEvalSettingsSchema } from './settings.ts'

const SAME_ANSWER = judge.labels({
  prompt:
    'The response answers the question; the reference is a right answer. Label the response "correct" if its final ' +
    'answer means the same as the reference, in any wording or notation, and "incorrect" if it differs, hedges between ' +
    'answers, or gives none.',
  labels: { correct: 1, incorrect: 0 },
})

// with no reference answer, the judge grades the response on its own merits, and alone
const GOOD_ANSWER = judge.labels({
  prompt:
    'There is no reference answer. Label the response "good" if it answers the question correctly, completely and to ' +
    'the point, and "bad" if it is wrong, misses what was asked, or gives no answer.',
  labels: { good: 1, bad: 0 },
})

function run(settings: QuickEvalSettings, referenceFree: boolean, circular: boolean): Partial<BenchmarkOptions> {
  const connection = settings.baseURL ? { baseURL: settings.baseURL } : {}
  return {
    model: models.openai({ model: settings.model, ...connection }),
    thresholds: settings.thresholds,
    ...(settings.limit ? { limit: settings.limit } : {}),
    ...(settings.repeats ? { repeats: settings.repeats } : {}),
    ...(circular ? { circular: true } : {}),
    ...(settings.concurrency ? { concurrency: settings.concurrency } : {}),
    ...(settings.subset ? { subset: settings.subset } : {}),
    // the rule settles every reply it reads as right; the judge sees only the rest
    ...(settings.judge
      ? {
          judge: {
            model: models.openai({ model: settings.judge, ...connection }),
            ...(referenceFree
              ? { definition: GOOD_ANSWER, policy: 'judge-only' as const }
              : { definition: SAME_ANSWER, policy: 'cascade' as const }),
          },
        }
      : {}),
  }
}

/**
 * Declares the benchmark `evalsuite eval` asked for: an OpenCompass file through the `mcq` or `qa` built-in, a ChatML
 * or plain file with its own samples, run against an OpenAI-compatible model, through the same pipeline and reporter
 * as any eval file. Its settings are the ones this run's `evalsuite eval` provided, never another run's.
 */
export async function declareQuickEval(): Promise<void> {
  const settings = QuickEvalSettingsSchema.parse(providedQuickEval())
  const data = await loadDataFile(settings.file, dataFileOptions(settings))
  // the meta file's data_type "circular-mcq" asks for it as --circular does
  const circular = settings.circular === true || data.opencompass?.circular === true
  const options = run(
    settings,
    data.samples.some((sample) => sample.target === undefined),
    circular,
  )
  // named fields are read into the samples here; the built-ins read the file by its own names
  if (data.format === 'opencompass' && settings.fields === undefined) {
    const builtin = data.kind === 'mcq' ? mcq({ path: settings.file }) : qa({ path: settings.file })
    describeBenchmark(builtin, options)
    return
  }
  // a human_prompt places the options and answer cue itself, so its filled text is sent alone, as OpenCompass sends it
  const filled = data.opencompass?.humanPrompt !== undefined
  describeBenchmark(settings.name, {
    dataset: data.samples,
    ...options,
    // replies are read by describeBenchmark's default, as an eval file's are
    ...(data.kind === 'mcq' ? (filled ? { prompt: data.promptOf ?? '{input}' } : {}) : { prompt: filled ? '{input}' : withAnswerRule }),
  } as BenchmarkOptions)
}

/**
 * The answer rule with an open question: after a text input, or as the system message before a conversation. A
 * conversation with its own system message is sent with that one alone, as OpenCompass sends it, so the rule then
 * closes its last user message.
 */
function withAnswerRule(sample: Sample): string | MediaMessage[] {
  if (typeof sample.input === 'string') return `${sample.input}\n\n${SHORT_ANSWER_RULE}`
  if (sample.input[0]?.role !== 'system') return [{ role: 'system', content: SHORT_ANSWER_RULE }, ...sample.input]
  const last = sample.input.findLastIndex((message) => message.role === 'user')
  return sample.input.map((message, index) => (index === last ? { ...message, content: closedWithRule(message.content) } : message))
}

// a message holding images keeps its parts, the rule as a text part after them
function closedWithRule(content: MediaMessage['content']): MediaMessage['content'] {
  return typeof content === 'string' ? `${content}\n\n${SHORT_ANSWER_RULE}` : [...content, { type: 'text', text: SHORT_ANSWER_RULE }]
}
