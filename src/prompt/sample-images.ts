import { IMAGE_MARKER } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import type { ContentPart, MediaMessage, Sample } from '../schema/index.ts'

/**
 * The sample's `images` placed into its prompt: each `<image N>` marker of a user message's text becomes image N
 * there, and the images no marker names follow the text of the last user message, in order.
 */
export function withImages(messages: MediaMessage[], sample: Sample, benchmark: string): MediaMessage[] {
  const images = sample.images
  if (images === undefined) return messages
  const last = messages.findLastIndex((message) => message.role === 'user')
  if (last === -1) {
    throw new ConfigError(
      `Benchmark "${benchmark}": the prompt of sample "${sample.id}" has no user message to put its ${images.length} image(s) in.`,
    )
  }
  const placed = new Set<number>()
  const placedAtMarkers = messages.map((message): MediaMessage => {
    if (message.role !== 'user' || typeof message.content !== 'string' || !placesAny(message.content, images.length)) return message
    return { role: message.role, content: placeImages(message.content, images, placed) }
  })
  const rest = images.filter((_, index) => !placed.has(index)).map(imagePart)
  if (rest.length === 0) return placedAtMarkers
  const { role, content } = placedAtMarkers[last]!
  const parts = typeof content === 'string' ? (content.trim() === '' ? [] : [{ type: 'text' as const, text: content }]) : content
  return placedAtMarkers.map((message, index) => (index === last ? { role, content: [...parts, ...rest] } : message))
}

function placesAny(text: string, count: number): boolean {
  return [...text.matchAll(IMAGE_MARKER)].some((match) => Number(match[1]) >= 1 && Number(match[1]) <= count)
}

function imagePart(url: string): ContentPart {
  return { type: 'image_url', image_url: { url } }
}

/** The text with its markers made image parts (recorded in `placed`); the text as one part when it has none. */
function placeImages(text: string, images: readonly string[], placed: Set<number>): ContentPart[] {
  const parts: ContentPart[] = []
  let from = 0
  const pushText = (piece: string): void => {
    if (piece.trim() !== '') parts.push({ type: 'text', text: piece })
  }
  for (const match of text.matchAll(IMAGE_MARKER)) {
    const index = Number(match[1]) - 1
    if (index < 0 || index >= images.length) continue
    pushText(text.slice(from, match.index))
    parts.push(imagePart(images[index]!))
    placed.add(index)
    from = match.index + match[0].length
  }
  pushText(text.slice(from))
  return parts
}
