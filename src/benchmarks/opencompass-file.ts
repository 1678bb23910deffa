import { basename, extname } from 'node:path'
import { datasets, type DatasetSource } from '../dataset/index.ts'

/** An OpenCompass-style data file, `.jsonl` or `.csv` (with a header row), read by its extension. */
export function openCompassFile(path: string): DatasetSource {
  return extname(path).toLowerCase() === '.csv' ? datasets.csv(path) : datasets.jsonl(path)
}

/** The benchmark name OpenCompass gives a custom file: its base name, without the extension. */
export function nameOfFile(path: string): string {
  return basename(path).replace(/\.[^.]*$/, '')
}
