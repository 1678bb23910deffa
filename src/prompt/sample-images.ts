import { ConfigError } from '../errors.ts'
import type { ContentPart, MediaMessage, Sample } from '../schema/index.ts'

/** `<image 1>`, `<image 2>`, ...: where a question's text places its images. */
const MARKER = /<image (\d+)>/g

/**
 * The sample's `images` placed into the last user message of its prompt: each `<image N>` marker becomes image N,
 * and the images no marker names follow the text, in order.
 */
export function withImages(messages: MediaMessage[], sample: Sample, benchmark: string): MediaMessage[] {
  const images = sample.images
  if (images === undefined) return messages
  const last = messages.findLastIndex((message) => message.role === 'user')
  const message = messages[last]
  if (message === undefined) {
    throw new ConfigError(`Benchmark "${benchmark}": the prompt of sample "${sample.id}" has no user message to put its ${images.length} image(s) in.`)
  }
  const parts = typeof message.content === 'string' ? placeImages(message.content, images) : [...message.content, ...images.map(imagePart)]
  return messages.map((each, index) => (index === last ? { role: each.role, content: parts } : each))
}

function imagePart(url: string): ContentPart {
  return { type: 'image_url', image_url: { url } }
}

function placeImages(text: string, images: readonly string[]): ContentPart[] {
  const parts: ContentPart[] = []
  const placed = new Set<number>()
  let from = 0
  const pushText = (piece: string): void => {
    if (piece.trim() !== '') parts.push({ type: 'text', text: piece })
  }
  for (const match of text.matchAll(MARKER)) {
    const index = Number(match[1]) - 1
    if (index < 0 || index >= images.length) continue
    pushText(text.slice(from, match.index))
    parts.push(imagePart(images[index]!))
    placed.add(index)
    from = match.index + match[0].length
  }
  pushText(text.slice(from))
  images.forEach((url, index) => {
    if (!placed.has(index)) parts.push(imagePart(url))
  })
  return parts
}
