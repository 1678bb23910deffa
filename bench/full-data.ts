import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/**
 * Every public file the full-data benchmarks read, with where it comes from. The data is never committed: tests use
 * the slices under `fixtures/real/` instead.
 */
const FILES: Record<string, string> = {
  'gsm8k/test.jsonl': 'openai/grade-school-math: grade_school_math/data/test.jsonl (MIT)',
  'gsm8k/example_model_solutions.jsonl': 'openai/grade-school-math: grade_school_math/data/example_model_solutions.jsonl (MIT)',
  'math500/test.jsonl': 'openai/prm800k: prm800k/math_splits/test.jsonl (MIT)',
  'math_cot/math_cot_100.jsonl': 'QwenLM/Qwen2.5-Math: evaluation/data/eval_rm_maj_example/math_cot_100.jsonl (MIT)',
  'math_verify_cases/math_verify_cases.jsonl':
    'huggingface/Math-Verify: the (gold, pred, expected) cases of its parametrised tests, one JSON object a line (Apache-2.0)',
  'mmlu/{dev,val,test}/<subject>_<split>.csv': 'hendrycks/test: data.tar, the 57 subjects of each split (MIT)',
  'mmlu_pro/test.jsonl': 'TIGER-AI-Lab/MMLU-Pro: the question fields of its evaluation outputs, one question a line (Apache-2.0)',
  'llmbar/LLMBar/<set>/dataset.jsonl, llmbar/LLMBar/<set>/GPT-4/{Vanilla,CoT}/{replies.jsonl,parsing.json,statistics.json}, llmbar/LICENSE':
    "princeton-nlp/LLMBar at 900616b: each set's dataset.json as JSONL with the record's position as id, and GPT-4's recorded replies (from its result.json), parsing patterns and published statistics (MIT)",
  'humaneval/HumanEval.jsonl, humaneval/LICENSE': 'openai/human-eval at 6d43fb9: data/HumanEval.jsonl.gz, decompressed (MIT)',
  'mbpp/sanitized-mbpp.json, mbpp/README.md':
    'google-research/google-research at 30adf0e: mbpp/sanitized-mbpp.json (Apache-2.0; the dataset card gives CC BY 4.0)',
  'bfcl/BFCL_v4_<category>.json, bfcl/possible_answer/BFCL_v4_<category>.json, bfcl/LICENSE':
    "ShishirPatil/gorilla at 6ea5797: berkeley-function-call-leaderboard/bfcl_eval/data/, the single-turn categories' question and possible-answer files (Apache-2.0)",
  'mmlu_pro/outputs/<model>.jsonl':
    'TIGER-AI-Lab/MMLU-Pro: the evaluation outputs of Meta-Llama-3_1-8B-Instruct, jamba-1.5-large and gemini-1.5-pro-002, as {question_id, category, answer, pred, completion} (Apache-2.0)',
}

/** The folder of full data: `EVALSUITE_DATA`, else `../shared/datasets` beside the project when it exists. */
function dataDir(): string | undefined {
  const fromEnv = process.env.EVALSUITE_DATA
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv)
  const beside = join(ROOT, '../shared/datasets')
  return existsSync(beside) ? beside : undefined
}

/** Ends the process, saying which file is missing, every file the benchmarks read, and where to put them. */
function missing(path: string): never {
  const where =
    dataDir() === undefined ? 'No data folder: EVALSUITE_DATA is not set and ../shared/datasets does not exist.' : `Missing ${path}.`
  const rows = Object.entries(FILES).map(([file, from]) => `  ${file}\n      from ${from}`)
  console.error(
    [
      where,
      'The full-data benchmarks read these public files, at these paths under the data folder',
      '(set EVALSUITE_DATA to it, or place it at ../shared/datasets beside this project):',
      ...rows,
      'The tests need none of them: they read the slices in fixtures/real/.',
    ].join('\n'),
  )
  process.exit(1)
}

/** The absolute path of a file or folder of the full data; ends the process with what to fetch when it is missing. */
export function fullDataPath(relativePath: string): string {
  const dir = dataDir()
  const path = join(dir ?? join(ROOT, '../shared/datasets'), relativePath)
  if (dir === undefined || !existsSync(path)) missing(path)
  return path
}

/** Reads one JSONL file of the full data. */
export function readFullJsonl<T>(relativePath: string): T[] {
  const path = fullDataPath(relativePath)
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as T
      } catch (error) {
        throw new Error(`${path}:${index + 1}: not JSON: ${(error as Error).message}`, { cause: error })
      }
    })
}
