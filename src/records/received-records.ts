import { META_KEY, parseSampleMeta, sampleMetaOf, type Check, type SampleMeta } from '../schema/index.ts'

// texts that name a kind of thing (a status, a matcher, an explanation) take few values in a run; past this many
// distinct ones, later texts keep their own copies rather than grow the table without bound
const MAX_SHARED = 1000

// the records checked as they arrived: the end of the run reads them as they are
const checked = new WeakSet<SampleMeta>()

/**
 * Takes in a finished sample's record (a test's meta) as it reaches the main process: checks it, puts the checked
 * copy in its place, and makes it share one copy of each text it repeats. The end of the run, when the report waits
 * for the records, then reads each at once; while the samples run, the main process has time to spare.
 *
 * Every record reaches the reporter as fresh strings, held to the end of the run: the same status, matcher and
 * explanation in every sample, and the target again as the output, the check's target, extracted answer and passage
 * when the reply is right. Shared, they cost one string each instead of one a sample; the copies die young.
 */
export function receiveRecord(taskMeta: object, common: Map<string, string>): void {
  const entry = sampleMetaOf(taskMeta)
  if (entry === undefined) return
  const parsed = parseSampleMeta(entry)
  // a record that does not parse is read again at the end, which says what is wrong with it
  if (!parsed.success) return
  const meta = parsed.data
  shareSampleStrings(meta, common)
  ;(taskMeta as Record<string, SampleMeta>)[META_KEY] = meta
  checked.add(meta)
}

/** A test's evalsuite entry read as a sample record: checked already when it arrived, or now. */
export function sampleRecordOf(entry: unknown): ReturnType<typeof parseSampleMeta> {
  return typeof entry === 'object' && entry !== null && checked.has(entry as SampleMeta)
    ? { success: true, data: entry as SampleMeta }
    : parseSampleMeta(entry)
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
