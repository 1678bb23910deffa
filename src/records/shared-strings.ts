import { sampleMetaOf, type Check, type SampleMeta } from '../schema/index.ts'

// texts that name a kind of thing (a status, a matcher, an explanation) take few values in a run; past this many
// distinct ones, later texts keep their own copies rather than grow the table without bound
const MAX_SHARED = 1000

/**
 * Makes a finished sample's record (a test's meta), as it arrived in the main process, share one copy of each text
 * it repeats.
 *
 * Every record reaches the reporter as fresh strings, held to the end of the run: the same status, matcher and
 * explanation in every sample, and the target again as the output, the check's target, extracted answer and passage
 * when the reply is right. Shared, they cost one string each instead of one a sample; the copies die young.
 */
export function shareRecordStrings(taskMeta: object, common: Map<string, string>): void {
  const meta = sampleMetaOf(taskMeta)
  if (meta !== undefined) shareSampleStrings(meta, common)
}

function shareSampleStrings(meta: SampleMeta, common: Map<string, string>): void {
  const shared = (text: string): string => {
    const known = common.get(text)
    if (known !== undefined) return known
    if (common.size < MAX_SHARED) common.set(text, text)
    return text
  }
  const target = typeof meta.target === 'string' ? meta.target : undefined
  const output = target !== undefined && meta.output === target ? target : meta.output
  // the record's own texts: a right reply repeats the target in each of them
  const own = (text: string): string => (text === target ? target : text === output ? output : text)
  meta.kind = 'sample'
  meta.status = meta.status === 'scored' ? 'scored' : meta.status === 'errored' ? 'errored' : 'pending'
  if (output !== undefined) meta.output = output
  for (const check of meta.checks ?? []) shareCheckStrings(check, shared, own)
}

function shareCheckStrings(check: Check, shared: (text: string) => string, own: (text: string) => string): void {
  check.matcher = shared(check.matcher)
  check.kind = shared(check.kind)
  if (typeof check.target === 'string') check.target = own(check.target)
  if (check.extracted !== null) check.extracted = own(check.extracted)
  if (check.passage !== null) check.passage = own(check.passage)
  check.explanation = shared(check.explanation)
}
