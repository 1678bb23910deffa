import { join } from 'node:path'
import { datasets, type DatasetSource, type FieldMap } from '../../dataset/index.ts'
import { DatasetError, type DatasetIssue } from '../../errors.ts'
import type { Sample } from '../../schema/index.ts'
import { MMLU_SUBJECTS } from './subjects.ts'

// the original files have no header row
const COLUMNS = ['question', 'A', 'B', 'C', 'D', 'answer']
const FIELDS: FieldMap = { input: 'question', choices: ['A', 'B', 'C', 'D'], target: 'answer' }

function withSubject(sample: Sample, subject: string): Sample {
  return {
    ...sample,
    // content hashes are unique within a file; the subject keeps them apart across files
    id: `${subject}-${sample.id}`,
    subset: MMLU_SUBJECTS[subject],
    metadata: { ...sample.metadata, subject, subjectName: subject.replace(/_/g, ' ') },
  }
}

/**
 * One split of the MMLU data folder (`<folder>/<split>/<subject>_<split>.csv`, one file per subject) as one dataset:
 * each sample carries its subject, and its category as its subset. Every file's problems are reported together.
 */
export function mmluSplit(folder: string, split: string, subjects: readonly string[]): DatasetSource {
  return {
    description: join(folder, split),
    async load(): Promise<Sample[]> {
      const loaded = await Promise.allSettled(
        subjects.map(async (subject) => {
          const file = join(folder, split, `${subject}_${split}.csv`)
          const samples = await datasets.csv(file, { columns: COLUMNS, fields: FIELDS }).load()
          return samples.map((sample) => withSubject(sample, subject))
        }),
      )
      const issues: DatasetIssue[] = loaded.flatMap((result) =>
        result.status === 'rejected'
          ? result.reason instanceof DatasetError
            ? result.reason.issues
            : [{ file: join(folder, split), message: String(result.reason) }]
          : [],
      )
      if (issues.length > 0) throw new DatasetError(issues)
      return loaded.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
    },
  }
}
