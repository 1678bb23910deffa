import { hash } from 'node:crypto'

/** A short content hash: stable for the same sample content whatever its position in the file. */
export function hashSampleContent(content: unknown): string {
  return hash('sha256', JSON.stringify(content), 'hex').slice(0, 12)
}
