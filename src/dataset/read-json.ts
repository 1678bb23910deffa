import { readFile } from 'node:fs/promises'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'

/** Reads a JSON array of records, or one split of an object of named splits. */
export async function readJson(file: string, split: string | undefined, issues: DatasetIssue[]): Promise<DataRecord[]> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    issues.push({ file, message: `not valid JSON (${(error as Error).message})` })
    return []
  }
  if (!Array.isArray(value) && value !== null && typeof value === 'object' && split !== undefined) {
    const splits = value as Record<string, unknown>
    if (splits[split] === undefined) {
      issues.push({ file, message: `no split "${split}"; the file has ${Object.keys(splits).join(', ') || 'none'}` })
      return []
    }
    value = splits[split]
  }
  if (!Array.isArray(value)) {
    const hint = split === undefined ? ' (pass `split` to pick one from an object of named splits)' : ''
    issues.push({ file, message: `expected an array of records${hint}` })
    return []
  }
  const records: DataRecord[] = []
  value.forEach((item: unknown, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ file, field: `[${index}]`, message: 'each record must be an object' })
      return
    }
    records.push({ fields: item as Record<string, unknown>, file, path: `[${index}]` })
  })
  return records
}
