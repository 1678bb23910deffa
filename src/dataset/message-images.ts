import type { MediaMessage, Sample } from '../schema/index.ts'
import { resolveImageUrl } from './image-url.ts'
import type { FieldProblem } from './zod-issues.ts'

/**
 * The sample with its image references resolved (see `resolveImageUrl`): the image parts of its messages and its
 * `images`; or the problems, each naming its field.
 */
export function resolveSampleImages(sample: Sample, dataFile: string): Sample | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  let resolved = sample
  if (typeof sample.input !== 'string' && sample.input.some((message) => typeof message.content !== 'string')) {
    const input = messagesWithImages(sample.input, dataFile, 'input')
    if (Array.isArray(input)) resolved = { ...resolved, input }
    else problems.push(...input.problems)
  }
  if (sample.images !== undefined) {
    const images = sample.images.map((reference, index) => resolveImageUrl(reference, dataFile, `images.${index}`))
    for (const image of images) if (typeof image !== 'string') problems.push(image)
    resolved = { ...resolved, images: images.filter((image) => typeof image === 'string') }
  }
  return problems.length > 0 ? { problems } : resolved
}

/**
 * The messages with each image part's reference resolved (a local path read into a `data:` URI), or the problems:
 * an image that cannot be read, or an image outside a user message, which endpoints take in user messages only.
 */
function messagesWithImages(messages: MediaMessage[], dataFile: string, field: string): MediaMessage[] | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const resolved = messages.map((message, index): MediaMessage => {
    if (typeof message.content === 'string') return message
    const content = message.content.map((part, at) => {
      if (part.type !== 'image_url') return part
      const where = `${field}.${index}.content.${at}.image_url.url`
      if (message.role !== 'user') problems.push({ field: where, message: `is an image in a "${message.role}" message; images go in user messages` })
      const url = resolveImageUrl(part.image_url.url, dataFile, where)
      if (typeof url !== 'string') {
        problems.push(url)
        return part
      }
      return { ...part, image_url: { ...part.image_url, url } }
    })
    return { role: message.role, content }
  })
  return problems.length > 0 ? { problems } : resolved
}
