import { bytesText } from './durations.ts'

const EXCERPT_CHARACTERS = 200

// a data URI as sent (an image read from a local file), or as an endpoint echoes it in JSON, with its slashes escaped
const DATA_URI = /data:([\w.+-]+(?:\\?\/[\w.+-]+)?)((?:;[\w.+-]+=[\w.+-]+)*);base64,[A-Za-z0-9+/=\\_-]*/gi

/** The text with each `data:` URI's content cut out: an endpoint that echoes a request must not put a file in a report. */
export function withoutDataUris(text: string): string {
  return text.replace(DATA_URI, (uri, type: string) => `data:${type.replace('\\/', '/')};base64,[${uri.length} characters cut]`)
}

/** The first characters of a reply, on one line, for a message that shows what came back. */
export function excerpt(text: string): string {
  const line = withoutDataUris(text).trim().replace(/\s+/g, ' ')
  return line.length > EXCERPT_CHARACTERS ? `${line.slice(0, EXCERPT_CHARACTERS)}…` : line
}

/** Whether a body is an HTML page (a proxy's, a web server's or a login page) rather than an API's reply. */
export function isHtml(text: string, contentType = ''): boolean {
  return contentType.includes('html') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text)
}

/** An HTML page said in a few words: its title when it has one, and the question that usually fixes it. */
export function htmlPageText(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim().replace(/\s+/g, ' ')
  const named = title ? ` ("${excerpt(title)}")` : ''
  return `an HTML page${named}, not the API's JSON: is baseURL the API's address, ending in /v1?`
}

/** What a successful reply that is not JSON was, in a few words, with what usually fixes it. */
export function notJsonText(host: string, status: number, contentType: string, text: string): string {
  if (text.trim() === '') return `${host} answered HTTP ${status} with an empty body, not the API's JSON`
  if (isHtml(text, contentType)) return `${host} answered HTTP ${status} with ${htmlPageText(text)}`
  const type = contentType === '' ? 'no content type' : `content type "${contentType}"`
  return `${host} answered HTTP ${status} with ${type} and a body that is not JSON (${bytesText(Buffer.byteLength(text))}): "${excerpt(text)}"`
}
