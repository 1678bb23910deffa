import type { DatasetIssue } from '../errors.ts'
import type { DataRecord } from './data-record.ts'
import { isEvalScopeQaRecord } from './evalscope-qa.ts'

/**
 * What to read a file with, when a record the default field names cannot read is in a layout another loader reads:
 * EvalScope's general QA (`query` and `response`) has no field the default names take as the input.
 */
export function layoutHint(record: DataRecord): DatasetIssue | undefined {
  if (!isEvalScopeQaRecord(record.fields)) return undefined
  const message = `the records are in EvalScope's general QA layout ("query" or "messages", and "response"): read the file with datasets.evalscope(), which takes them as the input and the target`
  return { file: record.file, message }
}
