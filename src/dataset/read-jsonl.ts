import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'
import { NOT_UTF8 } from './invalid-utf8.ts'
import { describeJsonError } from './json-error.ts'
import { readLines } from './read-lines.ts'

/** Streams a JSONL file in batches of records; a line that is not a JSON object becomes an issue, not a crash. */
export async function* readJsonl(file: string, issues: DatasetIssue[]): AsyncGenerator<DataRecord[]> {
  const onInvalidUtf8 = (line: number): void => {
    issues.push({ file, line, message: NOT_UTF8 })
  }
  for await (const lines of readLines(file, { onInvalidUtf8 })) {
    const records: DataRecord[] = []
    for (const { text, line } of lines) {
      if (text.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (error) {
        const detail = describeJsonError(error)
        const column = detail.position === undefined ? '' : ` at column ${detail.position + 1}`
        issues.push({ file, line, message: `not valid JSON: ${detail.message}${column}` })
        continue
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        issues.push({ file, line, message: `each line must be a JSON object, found ${kindOf(value)}` })
        continue
      }
      records.push({ fields: value as Record<string, unknown>, file, line })
    }
    yield records
  }
}

/** How a JSON value is named in messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
