/**
 * A reply's body as text, decoded once: a decoder per reply cost more than reading the body. As TextDecoder, which the
 * body was decoded with before, a byte-order mark is dropped and invalid bytes become U+FFFD.
 */
export function replyText(chunks: readonly Uint8Array[], bytes: number): string {
  const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes)
  const text = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
