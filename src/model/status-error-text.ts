import type { EndpointStatusError } from './endpoint-status-error.ts'
import { excerpt, htmlPageText, isHtml } from './reply-excerpt.ts'

/**
 * What an endpoint's error reply said, short enough for a report row: the API's own message, or for a body that is
 * not the API's JSON (a proxy's HTML page, a web server's 404), its first characters and the likely fix.
 */
export function statusErrorText(error: EndpointStatusError): string {
  if (error.error !== undefined) return excerpt(error.message)
  const prefix = `${error.status} `
  const body = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  if (isHtml(body)) return `${prefix}${htmlPageText(body)}`
  const hint = error.status === 404 ? "; is baseURL the API's address, ending in /v1?" : ''
  return `${excerpt(error.message)}${hint}`
}
