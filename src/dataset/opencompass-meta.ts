import { existsSync } from 'node:fs'
import { z } from 'zod'
import type { DatasetIssue } from '../errors.ts'
import { lineAndColumn } from './json-error.ts'
import { readJsonValue } from './read-json.ts'
import { describeZodIssues, type FieldProblem } from './zod-issues.ts'

/**
 * The `<file>.meta.json` of an OpenCompass custom dataset, with OpenCompass's own key names. Every key is optional
 * and overrides what was inferred from the data; an unknown key is an error, so a typo is never silently ignored.
 */
const OpenCompassMetaFileSchema = z
  .object({
    /** The dataset's short name in reports. */
    abbr: z.string().min(1),
    data_type: z.enum(['mcq', 'qa']),
    /** `gen` generates an answer; `ppl` ranks the options by perplexity. */
    infer_method: z.enum(['gen', 'ppl']),
    /** The user turn, with `{column}` placeholders. */
    human_prompt: z.string().min(1),
    /** The assistant turn, with `{column}` placeholders (the answer, in few-shot examples). */
    bot_prompt: z.string().min(1),
    /** A whole prompt template: a string, or OpenCompass's object form (kept as given). */
    template: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
    /** The columns the prompt reads. */
    input_columns: z.array(z.string().min(1)).min(1),
    /** The column holding the answer. */
    output_column: z.string().min(1),
    /** The option columns, in order. */
    options: z.array(z.string().regex(/^[A-Z]$/, 'must be a capital letter')).min(2).max(26),
  })
  .partial()
  .strict()
/** The `<file>.meta.json` of an OpenCompass custom dataset. */
export type OpenCompassMetaFile = z.infer<typeof OpenCompassMetaFileSchema>

const KEYS = OpenCompassMetaFileSchema.keyof().options

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
    return { file: metaFile, line: key === undefined ? undefined : lineOfKey(read.text, key), field: problem.field, message: problem.message }
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
