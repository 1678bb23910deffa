import { bytesText, secondsText } from './durations.ts'
import { EndpointFault } from './endpoint-fault.ts'
import { notJsonText } from './reply-excerpt.ts'

/** When an attempt got its headers and its last data, which its deadline's message tells apart. */
export interface Progress {
  headersAt?: number
  dataAt?: number
  /**
   * Ends the body's reading at the deadline. Aborting the fetch does not always end a body being read (in one CI run
   * an endless streamed reply went on for a minute past a 1 s deadline, until the size limit stopped it), so the
   * reading ends itself rather than rely on the transport.
   */
  expire?: (fault: EndpointFault) => void
}

/** What went wrong with a connection, from a Node error (or a fetch error's cause): its code, and its message when it adds to it. */
export function connectionCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = 'code' in error ? error.code : undefined
  const message = 'message' in error ? error.message : undefined
  if (typeof code === 'string')
    return typeof message === 'string' && message !== '' && !message.includes(code) ? `${code}: ${message}` : code
  return typeof message === 'string' && message !== '' ? message : undefined
}

/** The faults an attempt on one endpoint can meet, each in words that name the endpoint's host. */
export interface EndpointFaults {
  readonly host: string
  /** The deadline passed: with no answer, with a stalled reply, or with a reply still arriving. */
  late(progress: Progress): EndpointFault
  /** The connection failed, `reading` when the reply had begun; `code` says how (see `connectionCode`). */
  lost(code: string, reading: boolean): EndpointFault
  tooLarge(limit: number): EndpointFault
  redirected(status: number, location: string): EndpointFault
  /** A successful reply must be JSON: the fault of one whose text is not, undefined for one that is. */
  notJson(status: number, contentType: string, text: string): EndpointFault | undefined
}

/** The faults of the endpoint at `baseURL`, whose attempts may take `timeoutMs`. */
export function endpointFaults(baseURL: string, timeoutMs: number): EndpointFaults {
  const url = new URL(baseURL)
  const host = url.host
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  const address = `${url.hostname}:${port}`
  return {
    host,
    late(progress) {
      const limit = `timed out after ${secondsText(timeoutMs)} (timeoutMs)`
      if (progress.headersAt === undefined)
        return new EndpointFault(`${limit} with no answer from ${host}; raise timeoutMs if the model is this slow`, false)
      const now = performance.now()
      const quiet = now - (progress.dataAt ?? progress.headersAt)
      // silent for most of the reading, or for long: stalled; a slow answer to the headers leaves little time to read,
      // so the share matters as much as the length
      if (quiet >= Math.min(5_000, timeoutMs / 2) || quiet >= (now - progress.headersAt) / 2)
        return new EndpointFault(`${limit}: no data from ${host} for ${secondsText(quiet)} while reading the reply`, false)
      return new EndpointFault(`${limit} while the reply from ${host} was still arriving; raise timeoutMs for replies this long`, false)
    },
    lost(code, reading) {
      if (reading) return new EndpointFault(`the connection to ${host} broke off while reading the reply (${code})`, true)
      if (code.startsWith('ECONNREFUSED'))
        return new EndpointFault(
          `cannot connect to ${address}: connection refused (ECONNREFUSED); is the server running and listening there?`,
          true,
        )
      return new EndpointFault(`the connection to ${address} failed before a reply (${code})`, true)
    },
    tooLarge(limit) {
      return new EndpointFault(
        `the reply from ${host} passed its size limit of ${bytesText(limit)} (maxReplyBytes); raise maxReplyBytes if replies this large are expected`,
        false,
      )
    },
    redirected(status, location) {
      let target = 'another address'
      try {
        const to = new URL(location, url)
        target = to.host === host ? `${to.protocol}//${to.host}${to.pathname}` : to.host
      } catch {}
      return new EndpointFault(`the endpoint ${host} redirected (HTTP ${status}) to ${target}; set baseURL to the final address`, false)
    },
    notJson(status, contentType, text) {
      return /^\s*[{[]/.test(text) ? undefined : new EndpointFault(notJsonText(host, status, contentType, text), false)
    },
  }
}
