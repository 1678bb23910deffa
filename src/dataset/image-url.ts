import type { ImageReader } from './image-reader.ts'
import type { FieldProblem } from './zod-issues.ts'

/**
 * An image reference of a data file as the model is sent it: an http(s) URL or a `data:` URI as given, and a local
 * path read by `images` (see `createImageReader`) into a `data:` URI of its type; a problem for `field` otherwise.
 */
export function resolveImageUrl(reference: string, dataFile: string, field: string, images: ImageReader): string | FieldProblem {
  if (/^https?:\/\//i.test(reference)) return reference
  if (reference.startsWith('data:')) {
    return /^data:image\/[\w.+-]+;base64,/.test(reference)
      ? reference
      : { field, message: 'is a data: URI, but not a base64 image (data:image/<type>;base64,...)' }
  }
  return images.read(reference, dataFile, field)
}

const IMAGE_FIELD = /^image_(\d+)$/

/** Whether a field is one of EvalScope's `image_N` fields. */
export function isImageField(name: string): boolean {
  return IMAGE_FIELD.test(name)
}

/** An image a record names, with the field that names it, for the sample collector to read. */
export interface ImageReference {
  field: string
  reference: unknown
}

/** Whether a value is an `ImageReference` a converter made (rather than a reference a mapping function gave). */
export function isImageReference(value: unknown): value is ImageReference {
  return typeof value === 'object' && value !== null && 'field' in value && 'reference' in value
}

/** The record's non-empty `image_1`, `image_2`, ... fields (EvalScope's multimodal samples), in number order. */
export function imageFieldReferences(fields: Record<string, unknown>): ImageReference[] {
  return Object.keys(fields)
    .filter((name) => isImageField(name) && fields[name] !== null && fields[name] !== '' && fields[name] !== undefined)
    .sort((a, b) => Number(IMAGE_FIELD.exec(a)![1]) - Number(IMAGE_FIELD.exec(b)![1]))
    .map((name) => ({ field: name, reference: fields[name] }))
}
