import { errorMessage } from '../errors.ts'
import { EndpointStatusError } from './endpoint-status-error.ts'

type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** Where a JSON request goes: the endpoint's URL for it, the headers every request sends, and the fetch to send it with. */
export interface JsonEndpoint {
  url: string
  headers: Readonly<Record<string, string>>
  fetch: Fetch
}

/**
 * The headers the `openai` SDK sends that an endpoint acts on: the key, the body's type, and the organization and
 * project it reads from the environment.
 */
export function jsonHeaders(apiKey: string): Record<string, string> {
  const organization = process.env.OPENAI_ORG_ID
  const project = process.env.OPENAI_PROJECT_ID
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Bearer ${apiKey}`,
    ...(organization ? { 'openai-organization': organization } : {}),
    ...(project ? { 'openai-project': project } : {}),
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * POSTs a JSON body and reads the JSON reply; an error reply fails as an `EndpointStatusError`, the caller's abort with
 * its reason. The `openai` SDK is left out of the one request every sample makes: loading it costs a worker about
 * 0.1 s of CPU before its first call, and its request pipeline rebuilt the headers and formatted each request's details
 * for a logger that is off, about 0.2 ms of CPU a call, while the guarded fetch already bounds the call's time and size
 * and says what went wrong with the connection.
 */
export async function postJson(
  endpoint: JsonEndpoint,
  body: unknown,
  options: { signal?: AbortSignal; fetchOptions: RequestInit },
): Promise<unknown> {
  const { signal } = options
  signal?.throwIfAborted()
  let response: Response
  try {
    response = await endpoint.fetch(endpoint.url, {
      ...options.fetchOptions,
      method: 'POST',
      headers: endpoint.headers,
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    signal?.throwIfAborted()
    throw error
  }
  if (!response.ok) {
    const text = await response.text().catch((error: unknown) => errorMessage(error))
    throw EndpointStatusError.of(response.status, parsedOrUndefined(text), text, response.headers)
  }
  return response.json()
}
