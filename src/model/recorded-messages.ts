import { hash } from 'node:crypto'
import { isTextOnly, type MediaMessage } from '../schema/index.ts'

const DATA_URI = /^data:[^,]*;base64,/

/**
 * The messages as a recording holds them: an image sent as a `data:` URI becomes `sha256:<digest of its bytes>`, so
 * that a recording file never holds the image and a changed image is a new key. Text-only messages come back as
 * they are, so that their keys stay what they were.
 */
export function recordedMessages(messages: MediaMessage[]): MediaMessage[] {
  if (isTextOnly(messages)) return messages
  return messages.map((message) => {
    if (typeof message.content === 'string') return message
    const content = message.content.map((part) => {
      if (part.type !== 'image_url') return part
      const url = part.image_url.url
      const data = DATA_URI.exec(url)
      if (data === null) return part
      const digest = hash('sha256', Buffer.from(url.slice(data[0].length), 'base64'), 'hex')
      return { ...part, image_url: { ...part.image_url, url: `sha256:${digest}` } }
    })
    return { ...message, content }
  })
}
