import type { Benchmark } from '../src/benchmark/index.ts'
import { arc, bfcl, gsm8k, humaneval, llmbar, math500, mbpp, mcq, mmlu, mmluPro, qa } from '../src/benchmarks/index.ts'
import { fewShotSpec } from '../src/prompt/few-shot.ts'

/** A built-in as the docs show it: the call a user writes, and the benchmark it makes. */
interface Entry {
  call: string
  options: object
  benchmark: Benchmark
}

function entry<T extends object>(call: string, make: (options: T) => Benchmark, options: T): Entry {
  return { call, options, benchmark: make(options) }
}

/** The built-ins in the order the docs list them, each with an example call (type-checked against its options). */
export const BUILTINS: readonly Entry[] = [
  entry('gsm8k', gsm8k, { path: 'data/gsm8k/test.jsonl' }),
  entry('math500', math500, { path: 'data/math500/test.jsonl' }),
  entry('mmlu', mmlu, { path: 'data/mmlu' }),
  entry('mmluPro', mmluPro, { path: 'data/mmlu_pro/test.jsonl', fewShotPath: 'data/mmlu_pro/validation.jsonl' }),
  entry('arc', arc, { path: 'data/arc/ARC-Challenge-Test.jsonl' }),
  entry('mcq', mcq, { path: 'evals/data/quiz.csv' }),
  entry('qa', qa, { path: 'evals/data/facts.jsonl' }),
  entry('llmbar', llmbar, { path: 'data/LLMBar/Natural/dataset.json' }),
  entry('humaneval', humaneval, { path: 'data/humaneval/HumanEval.jsonl' }),
  entry('mbpp', mbpp, { path: 'data/mbpp/sanitized-mbpp.json' }),
  entry('bfcl', bfcl, { path: 'data/bfcl', category: 'simple' }),
]

function literal(value: unknown): string {
  if (value instanceof RegExp) return String(value)
  if (typeof value === 'function') return '(a function of the sample)'
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(
      ([key, field]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(field)}`,
    )
    return `{ ${fields.join(', ')} }`
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value)
}

function codeBlock(text: string, language = ''): string[] {
  const fence = text.includes('```') ? '````' : '```'
  return [`${fence}${language}`, text, fence]
}

function template(value: Benchmark['prompt'] | Benchmark['toFewShot']): string[] {
  if (value === undefined) return ['The default: `{input}`, or the lettered options and an "ANSWER: X" line for multiple choice.']
  return typeof value === 'string' ? codeBlock(value) : ['A function of the sample.']
}

function subsets(benchmark: Benchmark): string {
  const spec = benchmark.subsets
  if (spec === undefined) return 'none'
  const names = Array.isArray(spec) ? spec : (spec as { names?: readonly string[] }).names
  const field = Array.isArray(spec) ? undefined : (spec as { field: string }).field
  const listed = names ? names.map((name) => `\`${name}\``).join(', ') : 'the values found in the data'
  return field === undefined ? listed : `from the field \`${field}\`: ${listed}`
}

function fewShot(benchmark: Benchmark): string {
  const given = benchmark.fewShot
  if (given === undefined) return 'none'
  const spec = fewShotSpec(given)!
  const source =
    spec.dataset === undefined ? "from the benchmark's own samples (never the sample itself)" : 'from a separate few-shot split or file'
  const pick = spec.pick === 'random' ? 'drawn at random with the seed' : 'the first ones'
  const group = spec.groupBy === undefined ? '' : `, of the sample's own ${spec.groupBy}`
  return `${spec.count} by default; ${pick}${group}, ${source}`
}

// a benchmark that measures a judge shows the judge's prompt: what it sends has no prompt template of its own
function judgeCriteria(benchmark: Benchmark): string | undefined {
  const definition = benchmark.judge?.definition
  if (typeof definition !== 'object' || definition.kind === 'skip' || !Array.isArray(definition.workflow.cases)) return undefined
  return definition.workflow.request(definition.workflow.cases[0]!, { output: '' }).criteria
}

function section(item: Entry): string[] {
  const { benchmark } = item
  const criteria = judgeCriteria(benchmark)
  const lines = [`## \`${item.call}\`: ${benchmark.prettyName ?? benchmark.name}`, '', benchmark.description ?? '', '']
  const runs =
    criteria === undefined
      ? "{ model: models.openai({ model: 'gpt-4o-mini' }) }"
      : "{ judge: { model: models.openai({ model: 'gpt-4o' }) } }"
  lines.push(
    ...codeBlock(
      `import { describeBenchmark, models } from 'evalsuite'\nimport { ${item.call} } from 'evalsuite/benchmarks'\n\ndescribeBenchmark(${item.call}(${literal(item.options)}), ${runs})`,
      'ts',
    ),
    '',
  )
  lines.push(`- Name in reports and recordings: \`${benchmark.name}\``)
  if (benchmark.tags?.length) lines.push(`- Tags: ${benchmark.tags.join(', ')}`)
  lines.push(`- Subsets: ${subsets(benchmark)}`)
  lines.push(`- Few-shot examples: ${fewShot(benchmark)}`)
  if (criteria === undefined) lines.push(`- Answer extraction: \`${literal(benchmark.answer ?? { kind: 'exact' })}\``)
  lines.push(
    `- Metrics: ${(benchmark.metrics ?? ['accuracy']).map((m) => `\`${m}\``).join(', ')}; primary: \`${benchmark.primaryMetric ?? benchmark.metrics?.[0] ?? 'accuracy'}\``,
  )
  const thresholds = Object.keys(benchmark.thresholds ?? {}).length > 0 ? literal(benchmark.thresholds) : 'none'
  lines.push(`- Default gates: ${thresholds === 'none' ? 'none' : `\`${thresholds}\``}`, '')
  lines.push('Expected fields:', '', '| field | what it holds |', '|---|---|')
  for (const [field, meaning] of Object.entries(benchmark.expectedFields ?? {}))
    lines.push(`| ${field} | ${meaning.replace(/\|/g, '\\|')} |`)
  if (criteria === undefined) lines.push('', 'Prompt:', '', ...template(benchmark.prompt), '')
  else
    lines.push(
      '',
      "The judge's criteria (the outputs follow as `answer_1` and `answer_2`, in both orders):",
      '',
      ...codeBlock(criteria),
      '',
    )
  if (benchmark.fewShot) {
    lines.push('Few-shot: the examples, then the prompt:', '', ...codeBlock(benchmark.fewShotTemplate ?? '{examples}\n\n{prompt}'), '')
    lines.push('Each example:', '', ...template(benchmark.toFewShot), '')
  }
  return lines
}

/** `docs/benchmarks.md`, generated from the built-in definitions themselves. */
export function renderBenchmarkDocs(entries: readonly Entry[] = BUILTINS): string {
  const lines = [
    '# Built-in benchmarks',
    '',
    '<!-- Generated by `npm run docs` from the definitions in src/benchmarks/. Do not edit by hand. -->',
    '',
    'Each built-in reads data you already have on disk (nothing is downloaded) and returns a `defineBenchmark` value for',
    '`describeBenchmark(benchmark, overrides)`. Every built-in also takes `limit`, `subset`, `repeats`, `shuffle`, `seed`',
    "and `fewShot` as its defaults, which `describeBenchmark`'s overrides replace. Templates fill `{input}`, `{choices}`",
    "(the options lettered `A. …`), `{id}`, `{subset}` and the sample's metadata fields; an example also has `{target}`.",
    '`{{` and `}}` stand for literal braces.',
    '',
    ...entries.map(
      (item) =>
        `- [\`${item.call}\`](#${item.call.toLowerCase()}-${(item.benchmark.prettyName ?? item.benchmark.name)
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-')}): ${item.benchmark.prettyName ?? item.benchmark.name}`,
    ),
    '',
    ...entries.flatMap(section),
  ]
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`
}
