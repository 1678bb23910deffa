import { existsSync } from 'node:fs'
import { z } from 'zod'
import type { DatasetIssue } from '../errors.ts'
import { lineAndColumn } from './json-error.ts'
import { readJsonValue } from './read-json.ts'
import { describeZodIssues, type FieldProblem } from './zod-issues.ts'
import { NonEmptyTextSchema } from '../schema/index.ts'

/**
 * The `<file>.meta.json` of an OpenCompass custom dataset, with OpenCompass's own key names. Every key is optional
 * and overrides what was inferred from the data; an unknown key is an error, so a typo is never silently ignored.
 */
const OpenCompassMetaFileSchema = z
  .object({
    /** The dataset's short name in reports. */
    abbr: NonEmptyTextSchema,
    /** `circular-mcq` is multiple choice asked once per rotation of the options (OpenCompass's CircularEval). */
    data_type: z.enum(['mcq', 'circular-mcq', 'qa']),
    /** `gen` generates an answer; `ppl` ranks the options by perplexity. */
    infer_method: z.enum(['gen', 'ppl']),
    /** The user turn, with `{column}` placeholders. */
    human_prompt: NonEmptyTextSchema,
    /** The assistant turn, with `{column}` placeholders (the answer, in few-shot examples). */
    bot_prompt: NonEmptyTextSchema,
    /** A whole prompt template: a string, or OpenCompass's object form (kept as given). */
    template: z.union([NonEmptyTextSchema, z.record(z.string(), z.unknown())]),
    /** The columns the prompt reads. */
    input_columns: z.array(NonEmptyTextSchema).min(1),
    /** The column holding the answer. */
    output_column: NonEmptyTextSchema,
    /** The option columns, in order. */
    options: z
      .array(z.string().regex(/^[A-Z]$/, 'must be a capital letter'))
      .min(2)
      .max(26),
    /** OpenCompass's scorer settings: evalsuite scores by its own rules, so these are accepted and ignored. */
    evaluator: z.record(z.string(), z.unknown()),
    evaluator_kwargs: z.record(z.string(), z.unknown()),
    /** A Python slice of the rows to run, such as "[0:100]"; ignored, as --limit and the limit option select samples. */
    test_range: z.string(),
    /** Where OpenCompass looks for the meta file: meaningless inside it, accepted and ignored. */
    meta_path: z.string(),
  })
  .partial()
  .strict()
/** The `<file>.meta.json` of an OpenCompass custom dataset. */
export type OpenCompassMetaFile = z.infer<typeof OpenCompassMetaFileSchema>

const KEYS = OpenCompassMetaFileSchema.keyof().options

/** The keys OpenCompass reads that evalsuite has no use for, and why; a file that sets them is told so. */
export const IGNORED_META_KEYS: Readonly<Record<string, string>> = {
  evaluator: 'evalsuite scores with its own rules',
  evaluator_kwargs: 'evalsuite scores with its own rules',
  test_range: 'select samples with the limit option or --limit',
  meta_path: 'the meta file is the one beside the data file',
}

/** A meta file as read: its settings, and a way to point at the line of a setting. */
export interface OpenCompassMetaRead {
  meta: OpenCompassMetaFile
  /** A problem with a setting, placed on the line of its key. */
  issue(problem: FieldProblem): DatasetIssue
}

/** Reads and validates the meta file beside a data file, if there is one; `undefined` when absent or invalid. */
export async function readOpenCompassMeta(metaFile: string, issues: DatasetIssue[]): Promise<OpenCompassMetaRead | undefined> {
  if (!existsSync(metaFile)) return undefined
  const read = await readJsonValue(metaFile, issues)
  if (read === undefined) return undefined
  const issue = (problem: FieldProblem): DatasetIssue => {
    const key = problem.field?.split('.')[0]
    return {
      file: metaFile,
      line: key === undefined ? undefined : lineOfKey(read.text, key),
      field: problem.field,
      message: problem.message,
    }
  }
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) {
    issues.push({ file: metaFile, message: 'must be a JSON object of settings' })
    return undefined
  }
  const parsed = OpenCompassMetaFileSchema.safeParse(read.value, { reportInput: true })
  if (parsed.success) return { meta: parsed.data, issue }
  for (const problem of describeZodIssues(parsed.error.issues, KEYS)) issues.push(issue(problem))
  return undefined
}

/** The line of the first `"key":` in a JSON text. */
function lineOfKey(text: string, key: string): number | undefined {
  const at = text.search(new RegExp(`${JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`))
  return at < 0 ? undefined : lineAndColumn(text, at).line
}
