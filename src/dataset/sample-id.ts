import { createHash } from 'node:crypto'

/** A short content hash: stable for the same sample content whatever its position in the file. */
export function hashSampleContent(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 12)
}
