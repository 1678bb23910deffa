import { existsSync, statSync } from 'node:fs'
import { basename, extname, resolve } from 'node:path'
import { loadDataFile, NEEDS_JUDGE } from '../dataset/index.ts'
import { ConfigError, DatasetError } from '../errors.ts'
import { closestName, gateCatalog, gateProblems, type GateableMetrics, type GateEntry } from '../metrics/index.ts'
import { baseURLProblem } from '../model/index.ts'
import { MAX_CONCURRENCY, MAX_REPEATS, MAX_TESTS, shortList, thousands, type Sample } from '../schema/index.ts'
import { EXIT, type CliOutput, type Command } from './command.ts'
import { fieldColumnsProblem, parseFieldOptions } from './field-option.ts'
import { parseOptions } from './parse-options.ts'
import { checkSplitOption } from './split-option.ts'
import { runQuickEval } from './quick-eval/run-vitest.ts'
import { dataFileOptions, type QuickEvalSettings } from './quick-eval/settings.ts'
import { renderIssues } from './render-summary.ts'

const HELP = `Usage: evalsuite eval <file> --model <name> [options]

Evaluates a model on a data file with no code written, through the same pipeline,
reporter and gates as "npx vitest run evals": it prints the same table, writes the
same JSON report and exits by the same rules (0 when every gate holds).

The file is an OpenCompass custom dataset (.jsonl, .csv or .tsv with question, A, B, ...,
answer, and an optional <file>.meta.json), a ChatML .jsonl file, or any file
"evalsuite validate" reads. Replies and verdicts are kept under .evalsuite/, so a
rerun asks the endpoint only for what it has not answered yet.

Options:
  --model <name>          the model under test (required); the endpoint is OpenAI's,
                          or OPENAI_BASE_URL, and the key is OPENAI_API_KEY
  --base-url <url>        an OpenAI-compatible endpoint (vLLM, Ollama, ...)
  --limit <n>             only the first n samples
  --repeats <k>           k attempts per sample (pass@k in the report)
  --circular              ask each multiple-choice question once per rotation of its
                          options; right only when every rotation is (OpenCompass's
                          CircularEval; a meta file's data_type "circular-mcq" sets it)
  --judge <model>         grade open answers the rule reads as wrong with this judge model;
                          a file without reference answers is graded by the judge alone
  --threshold <m=value>   a gate, e.g. accuracy=0.8; repeat the option for several
  --split <name>          the split of a JSON file holding named splits
  --field <name=column>   read a sample field from a column the defaults miss, e.g.
                          target=final_answer; name is input, target, choices, id,
                          subset or system; repeat the option for several
  --subset <name>         only the samples of this subset; repeat the option for several
  --image-folder <dir>    a folder local images may also be read from (besides the data
                          file's folder and the working directory); repeat for several
  --concurrency <n>       model calls in flight at once (default 8)
  --output-dir <dir>      where the JSON report goes (default eval-reports)
  -h, --help              show this help

Exit code: 0 when every gate holds, 1 when one fails or samples error, 2 on a usage error.

Examples:
  npx evalsuite eval data/quiz.csv --model gpt-4o-mini --threshold accuracy=0.8
  npx evalsuite eval data/facts.jsonl --model qwen2.5-7b --base-url http://localhost:8000/v1 --limit 100
  npx evalsuite eval data/chat.jsonl --model gpt-4o-mini --judge gpt-4o --repeats 3
  npx evalsuite eval data/math.csv --model gpt-4o-mini --field input=Problem --field target=final_answer
`

const OPTIONS = {
  model: { type: 'string' },
  'base-url': { type: 'string' },
  limit: { type: 'string' },
  repeats: { type: 'string' },
  circular: { type: 'boolean' },
  judge: { type: 'string' },
  threshold: { type: 'string', multiple: true },
  split: { type: 'string' },
  field: { type: 'string', multiple: true },
  subset: { type: 'string', multiple: true },
  'image-folder': { type: 'string', multiple: true },
  concurrency: { type: 'string' },
  'output-dir': { type: 'string' },
} as const

// the most each count may be: a limit past the tests a benchmark may hold selects nothing more, and is refused as
// the benchmark itself would refuse it, before Vitest starts
const MAXIMA = { limit: MAX_TESTS, repeats: MAX_REPEATS, concurrency: MAX_CONCURRENCY } as const

function positiveInteger(option: keyof typeof MAXIMA, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const most = MAXIMA[option]
  if (!/^[1-9]\d*$/.test(value) || Number(value) > most) {
    throw new ConfigError(`evalsuite eval: --${option} must be a whole number from 1 to ${thousands(most)}; received "${value}"`)
  }
  return Number(value)
}

// the URL goes with the run's settings to its workers, and into their messages, so it must hold no credentials; without it,
// OPENAI_BASE_URL is checked here as models.openai would check it, before Vitest starts. Neither is repeated.
function endpoint(value: string | undefined): string | undefined {
  const [setting, url] = value === undefined ? ['OPENAI_BASE_URL', process.env.OPENAI_BASE_URL || undefined] : ['--base-url', value]
  const problem = url === undefined ? undefined : baseURLProblem(url)
  if (problem !== undefined) throw new ConfigError(`evalsuite eval: ${setting} ${problem}`)
  return value
}

// the benchmark evalsuite eval runs scores accuracy only (its judge records pass or fail), besides the usage figures,
// and under --circular the share of questions right in every rotation
const quickEvalMetrics = (circular: boolean): GateableMetrics => ({
  scores: circular ? ['accuracy', 'circular_accuracy'] : ['accuracy'],
  open: false,
})

// a gate that cannot hold (a misspelt metric, 80 for a proportion) is a usage error, found before any call is made
function thresholds(values: readonly string[] = [], circular = false): Record<string, number> {
  const gates: Record<string, number> = {}
  const entries: GateEntry[] = []
  for (const value of values) {
    const found = /^([A-Za-z_][\w.-]*)=(-?\d+(?:\.\d+)?)$/.exec(value)
    if (found === null) throw new ConfigError(`evalsuite eval: --threshold takes metric=value, e.g. accuracy=0.8; received "${value}"`)
    gates[found[1]!] = Number(found[2])
    entries.push({
      option: `--threshold ${value}`,
      metric: found[1]!,
      bounds: [{ option: `--threshold ${value}`, value: Number(found[2]) }],
    })
  }
  const problems = gateProblems(entries, quickEvalMetrics(circular), gateCatalog())
  if (problems.length > 0) throw new ConfigError(`evalsuite eval: ${problems.join('; ')}`)
  return gates
}

// a file may hold thousands of subsets or splits: a message names the first few
const SHOWN_NAMES = 20

// a subset no sample has would select nothing; found here, with the names that exist
function checkSubsets(path: string, samples: readonly Sample[], wanted: readonly string[] | undefined): void {
  if (wanted === undefined) return
  const names = new Set(samples.flatMap((sample) => (sample.subset === undefined ? [] : [sample.subset])))
  if (names.size === 0)
    throw new ConfigError(
      `evalsuite eval: --subset selects samples by subset, and ${path} has none; name the field that holds them with --field subset=COLUMN`,
    )
  for (const name of wanted) {
    if (names.has(name)) continue
    const near = closestName(name, names)
    const hint = near === undefined ? '' : `did you mean "${near}"? `
    throw new ConfigError(
      `evalsuite eval: --subset ${name}: no sample of ${path} is in subset "${name}"; ${hint}the subsets are ${shortList([...names].sort(), SHOWN_NAMES)}`,
    )
  }
}

/** `evalsuite eval`: evaluates a model on a data file, with no code written. */
export const evalCommand: Command = {
  name: 'eval',
  summary: 'evaluate a model on a data file with no code: the same table, report and gates',
  help: HELP,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions('eval', args, OPTIONS)
    if (positionals.length !== 1) throw new ConfigError('evalsuite eval: give one data file; see "evalsuite eval --help"')
    const file = resolve(positionals[0]!)
    if (!existsSync(file)) throw new ConfigError(`evalsuite eval: no such file: ${positionals[0]}`)
    // one file is one benchmark with one table and report; a folder's files may not even share a kind
    if (statSync(file).isDirectory()) {
      throw new ConfigError(
        `evalsuite eval: ${positionals[0]} is a folder; eval runs one data file, so name one of its files ("evalsuite validate ${positionals[0]}" lists them)`,
      )
    }
    if (values.model === undefined) throw new ConfigError('evalsuite eval: --model is required, e.g. --model gpt-4o-mini')
    // an empty name is a shell variable that was not set: sent as is, or dropped, it would score the file as nothing asked
    if (values.model.trim() === '')
      throw new ConfigError('evalsuite eval: --model is empty; name the model under test, e.g. --model gpt-4o-mini')
    if (values.judge?.trim() === '')
      throw new ConfigError('evalsuite eval: --judge is empty; name the judge model, e.g. --judge gpt-4o, or leave the option out')
    checkSplitOption('eval', values.split, [positionals[0]!])
    const baseURL = endpoint(values['base-url'])
    const fields = parseFieldOptions('eval', values.field)
    const settings: QuickEvalSettings = {
      file,
      name: basename(file, extname(file)),
      model: values.model,
      thresholds: thresholds(values.threshold, values.circular === true),
      ...(baseURL ? { baseURL } : {}),
      ...(values.judge === undefined ? {} : { judge: values.judge }),
      ...(values.split === undefined ? {} : { split: values.split }),
      ...(fields ? { fields } : {}),
      ...(values.subset ? { subset: values.subset } : {}),
      ...(values.circular ? { circular: true } : {}),
      ...(values['image-folder'] ? { imageFolders: values['image-folder'].map((folder) => resolve(folder)) } : {}),
    }
    for (const option of ['limit', 'repeats', 'concurrency'] as const) {
      const parsed = positiveInteger(option, values[option])
      if (parsed !== undefined) settings[option] = parsed
    }
    if (settings.circular && settings.repeats !== undefined)
      throw new ConfigError(
        'evalsuite eval: --circular asks each question once per rotation of its options, so it takes no --repeats; remove one of them',
      )
    // a broken file is reported as validate reports it, before Vitest starts
    try {
      const problem = fields && (await fieldColumnsProblem(positionals[0]!, fields, values.split ? { split: values.split } : {}))
      if (problem) throw new ConfigError(`evalsuite eval: ${positionals[0]}: ${problem}`)
      const data = await loadDataFile(positionals[0]!, dataFileOptions(settings))
      const splits = Object.keys(data.splits ?? {})
      // a file of one split has no choice to make: it runs as an array of its records would
      if (splits.length === 1) settings.split = splits[0]!
      else if (splits.length > 1) {
        const names = shortList(splits, SHOWN_NAMES)
        throw new ConfigError(
          `evalsuite eval: ${positionals[0]} holds the splits ${names}; choose one with --split, e.g. --split ${splits.at(-1)}`,
        )
      }
      if (data.kind === 'mixed') {
        throw new ConfigError(
          `evalsuite eval: some samples of ${positionals[0]} have options and some do not; split the file into multiple-choice and open questions`,
        )
      }
      checkSubsets(positionals[0]!, data.samples, settings.subset)
      if (settings.judge === undefined && data.samples.some((sample) => sample.target === undefined)) {
        throw new ConfigError(`evalsuite eval: ${positionals[0]} has ${NEEDS_JUDGE}; grade its answers with --judge MODEL`)
      }
      if (settings.circular && data.kind !== 'mcq') {
        throw new ConfigError(
          `evalsuite eval: --circular rotates the options of multiple-choice questions, and ${positionals[0]} has open questions; remove --circular`,
        )
      }
      if (settings.judge !== undefined && data.kind === 'mcq') {
        throw new ConfigError('evalsuite eval: --judge grades open answers; this file is multiple choice, scored by its answer letters')
      }
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error
      output.stderr.write(renderIssues(positionals[0]!, error.issues))
      return EXIT.failed
    }
    return runQuickEval(process.cwd(), settings, values['output-dir'] ?? 'eval-reports')
  },
}
