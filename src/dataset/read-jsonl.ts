import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'

/** Streams a JSONL file line by line; a line that is not a JSON object becomes an issue, not a crash. */
export async function readJsonl(file: string, issues: DatasetIssue[]): Promise<DataRecord[]> {
  const records: DataRecord[] = []
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })
  let line = 0
  for await (const text of lines) {
    line++
    if (text.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      issues.push({ file, line, message: `not valid JSON (${(error as Error).message})` })
      continue
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      issues.push({ file, line, message: 'each line must be a JSON object' })
      continue
    }
    records.push({ fields: value as Record<string, unknown>, file, line })
  }
  return records
}
