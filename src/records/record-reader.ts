import { evalsuiteMetaOf, parseSampleMeta, parseTrajectoryText, type SampleMeta, type Trajectory } from '../schema/index.ts'
import type { FinishedTest } from './finished-tests.ts'

/** A sample's record as the report reads it: checked, with its trajectory read back from its text, or what is wrong with it. */
export type RecordRead = { meta: SampleMeta; trajectory?: Trajectory } | { problem: string }

function readRecord(entry: unknown): RecordRead {
  const sample = parseSampleMeta(entry)
  if (!sample.success) return { problem: sample.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }
  if (sample.data.trajectory === undefined) return { meta: sample.data }
  const read = parseTrajectoryText(sample.data.trajectory)
  return 'problem' in read ? { problem: `trajectory: ${read.problem}` } : { meta: sample.data, trajectory: read.trajectory }
}

/**
 * Reads the samples' records. The reporter hands it each test as it finishes, while the main process mostly waits on
 * the workers, so that the end of a large run, which the user waits through, does not read them all; a record read
 * early is read again if its test's record changed since.
 */
export class RecordReader {
  private readonly early = new WeakMap<FinishedTest, { entry: object; read: RecordRead }>()

  /** Reads a finished test's record now, if it is a sample's. */
  add(test: FinishedTest): void {
    const entry = evalsuiteMetaOf(test.meta())
    if (entry?.kind === 'sample') this.early.set(test, { entry, read: readRecord(entry) })
  }

  /** The test's sample record (`entry`, as its meta holds it now), read. */
  read(test: FinishedTest, entry: object): RecordRead {
    const early = this.early.get(test)
    return early?.entry === entry ? early.read : readRecord(entry)
  }
}
