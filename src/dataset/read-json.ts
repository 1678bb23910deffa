import { readFile } from 'node:fs/promises'
import type { DatasetIssue } from '../errors.ts'
import { shortList } from '../schema/index.ts'
import type { DataRecord } from './data-record.ts'
import { invalidUtf8LineStarts, NOT_UTF8 } from './invalid-utf8.ts'
import { jsonElementLines } from './json-element-lines.ts'
import { describeJsonError, lineAndColumn } from './json-error.ts'
import { createLineIndex } from './line-index.ts'
import { kindOf } from './read-jsonl.ts'

/** A JSON file's top-level value, or the issues that keep it from being read. */
export async function readJsonValue(file: string, issues: DatasetIssue[]): Promise<{ text: string; value: unknown } | undefined> {
  const bytes = await readFile(file)
  const invalid = invalidUtf8LineStarts(bytes)
  if (invalid.length > 0) {
    const lines = createLineIndex()
    lines.scan(bytes)
    for (const start of invalid) issues.push({ file, line: lines.lineOf(start), message: NOT_UTF8 })
    return undefined
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  try {
    return { text, value: JSON.parse(text) }
  } catch (error) {
    const detail = describeJsonError(error)
    if (detail.position === undefined) {
      issues.push({ file, message: `not valid JSON: ${detail.message}` })
      return undefined
    }
    const { line, column } = lineAndColumn(text, detail.position)
    const hint = /^unexpected non-whitespace character after JSON/.test(detail.message)
      ? ' (one JSON value per line is JSONL: name the file .jsonl)'
      : ''
    issues.push({ file, line, message: `not valid JSON: ${detail.message} at column ${column}${hint}` })
    return undefined
  }
}

/** The names of the splits of a file holding an object of named splits; empty for any other file. */
export function splitNames(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value)
    .filter(([, records]) => Array.isArray(records))
    .map(([name]) => name)
}

const SHOWN_SPLITS = 20

/** Reads a JSON array of records, or one split of an object of named splits; each record keeps its line and index. */
export async function readJson(file: string, split: string | undefined, issues: DatasetIssue[]): Promise<DataRecord[]> {
  const read = await readJsonValue(file, issues)
  if (read === undefined) return []
  let value = read.value
  if (split !== undefined) {
    const splits = splitNames(value)
    if (!splits.includes(split)) {
      issues.push({
        file,
        message: `no split "${split}"; the file has ${
          shortList(
            splits.map((name) => `"${name}"`),
            SHOWN_SPLITS,
          ) || 'no splits'
        }`,
      })
      return []
    }
    value = (value as Record<string, unknown>)[split]
  }
  if (!Array.isArray(value)) {
    const hint = splitNames(value).length > 0 ? ' (pass `split` to pick one of the named splits)' : ''
    issues.push({ file, message: `expected an array of records, found ${kindOf(value)}${hint}` })
    return []
  }
  const lines = jsonElementLines(read.text, split)
  const records: DataRecord[] = []
  value.forEach((item: unknown, index) => {
    // a file written on one line gives every record line 1: the index still tells them apart
    const line = lines[index]
    const path = split === undefined ? `[${index}]` : `${split}[${index}]`
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ file, line, field: path, message: `each record must be a JSON object, found ${kindOf(item)}` })
      return
    }
    records.push({ fields: item as Record<string, unknown>, file, line, path })
  })
  return records
}
