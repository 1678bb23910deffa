import { basename, extname } from 'node:path'
import { datasets, type DatasetSource, type SampleInput } from '../dataset/index.ts'

/** An OpenCompass-style data file, `.jsonl` or `.csv` (with a header row), read by its extension. */
export function openCompassFile(path: string): DatasetSource {
  return extname(path).toLowerCase() === '.csv' ? datasets.csv(path) : datasets.jsonl(path)
}

/** The benchmark name OpenCompass gives a custom file: its base name, without the extension. */
export function nameOfFile(path: string): string {
  return basename(path).replace(/\.[^.]*$/, '')
}

/** A record's `id` if it has one, and its fields other than `id` and the `used` ones as metadata. */
export function idAndMetadata(record: Record<string, unknown>, used: readonly string[]): Pick<SampleInput, 'id' | 'metadata'> {
  const metadata = Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'id' && !used.includes(key)))
  return {
    ...(record.id === undefined ? {} : { id: record.id as string | number }),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  }
}
