import { readFileSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'
import type { FieldProblem } from './zod-issues.ts'

/** The image types OpenAI-compatible endpoints take, by file extension. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
}

/**
 * An image reference of a data file as the model is sent it: an http(s) URL or a `data:` URI as given, and a local
 * path (relative to the data file) read and made a `data:` URI of its type; a problem for `field` otherwise.
 */
export function resolveImageUrl(reference: string, dataFile: string, field: string): string | FieldProblem {
  if (/^https?:\/\//i.test(reference)) return reference
  if (reference.startsWith('data:')) {
    return /^data:image\/[\w.+-]+;base64,/.test(reference) ? reference : { field, message: 'is a data: URI, but not a base64 image (data:image/<type>;base64,...)' }
  }
  const mime = MIME_TYPES[extname(reference).toLowerCase()]
  if (mime === undefined) {
    return { field, message: `names "${reference}", which is not an image file evalsuite sends (${Object.keys(MIME_TYPES).join(', ')}), nor an http(s) URL or data: URI` }
  }
  const path = join(dirname(dataFile), reference)
  try {
    return `data:${mime};base64,${readFileSync(path).toString('base64')}`
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)
    return { field, message: `names image "${reference}", which cannot be read (${path}: ${why}); a local image path is relative to the data file` }
  }
}

const IMAGE_FIELD = /^image_(\d+)$/

/** Whether a field is one of EvalScope's `image_N` fields. */
export function isImageField(name: string): boolean {
  return IMAGE_FIELD.test(name)
}

/** The record's `image_1`, `image_2`, ... fields (EvalScope's multimodal multiple choice), in number order. */
function imageFieldNames(fields: Record<string, unknown>): string[] {
  return Object.keys(fields)
    .filter((name) => isImageField(name) && fields[name] !== null && fields[name] !== '' && fields[name] !== undefined)
    .sort((a, b) => Number(IMAGE_FIELD.exec(a)![1]) - Number(IMAGE_FIELD.exec(b)![1]))
}

/** The images of a record's `image_N` fields (see `resolveImageUrl`), in number order, or the problems with them. */
export function imageFields(fields: Record<string, unknown>, dataFile: string): { images: string[]; problems: FieldProblem[] } {
  const images: string[] = []
  const problems: FieldProblem[] = []
  for (const name of imageFieldNames(fields)) {
    const value = fields[name]
    const image = typeof value === 'string' ? resolveImageUrl(value, dataFile, name) : { field: name, message: 'must be an image path, URL or data: URI' }
    if (typeof image === 'string') images.push(image)
    else problems.push(image)
  }
  return { images, problems }
}
