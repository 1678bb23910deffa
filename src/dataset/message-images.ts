import type { MediaMessage, Sample } from '../schema/index.ts'
import type { ImageReader } from './image-reader.ts'
import { isImageReference, resolveImageUrl } from './image-url.ts'
import type { FieldProblem } from './zod-issues.ts'

/**
 * A record's `images` as converted (references a format's converter named by their `image_N` fields, or the strings of
 * an `images` field) resolved to URLs; or the problems, each naming its field. Anything else is left for the schema.
 */
export function resolveImageList(images: unknown, dataFile: string, reader: ImageReader): { images: unknown; problems: FieldProblem[] } {
  if (!Array.isArray(images)) return { images, problems: [] }
  const problems: FieldProblem[] = []
  const resolved = images.map((entry: unknown, index) => {
    const { field, reference } = isImageReference(entry) ? entry : { field: `images.${index}`, reference: entry }
    if (typeof reference !== 'string' || reference === '') {
      problems.push({ field, message: 'must be an image path, URL or data: URI' })
      return reference
    }
    const url = resolveImageUrl(reference, dataFile, field, reader)
    if (typeof url === 'string') return url
    problems.push(url)
    return reference
  })
  return { images: resolved, problems }
}

/**
 * The sample with the image parts of its messages resolved (a local path read into a `data:` URI), or the problems:
 * an image that cannot be read, or an image outside a user message, which endpoints take in user messages only.
 */
export function resolveMessageImages(sample: Sample, dataFile: string, reader: ImageReader): Sample | { problems: FieldProblem[] } {
  if (typeof sample.input === 'string' || sample.input.every((message) => typeof message.content === 'string')) return sample
  const problems: FieldProblem[] = []
  const input = sample.input.map((message, index): MediaMessage => {
    if (typeof message.content === 'string') return message
    const content = message.content.map((part, at) => {
      if (part.type !== 'image_url') return part
      const where = `input.${index}.content.${at}.image_url.url`
      if (message.role !== 'user')
        problems.push({ field: where, message: `is an image in a "${message.role}" message; images go in user messages` })
      const url = resolveImageUrl(part.image_url.url, dataFile, where, reader)
      if (typeof url !== 'string') {
        problems.push(url)
        return part
      }
      return { ...part, image_url: { ...part.image_url, url } }
    })
    return { role: message.role, content }
  })
  return problems.length > 0 ? { problems } : { ...sample, input }
}
