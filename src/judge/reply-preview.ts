const PREVIEW_CHARS = 80

/** A judge's reply as a message quotes it: on one line, cut to 80 characters, in JSON quotes. */
export function replyPreview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return JSON.stringify(line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line)
}
