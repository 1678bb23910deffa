import OpenAI from 'openai'
import { errorMessage } from '../errors.ts'

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
 * POSTs a JSON body and reads the JSON reply, failing as the SDK fails (`APIUserAbortError` when the caller gave up,
 * `APIConnectionError`, or the `APIError` of the reply's status, with its body and headers), so that retries and
 * messages read the same errors. The SDK's own request pipeline is left out for the one request every sample makes: it
 * rebuilt the headers and formatted each request's details for a logger that is off, about 0.2 ms of CPU a call
 * (bench/README.md), while the guarded fetch already bounds the call's time and size.
 */
export async function postJson(
  endpoint: JsonEndpoint,
  body: unknown,
  options: { signal?: AbortSignal; fetchOptions: RequestInit },
): Promise<unknown> {
  const { signal } = options
  if (signal?.aborted) throw new OpenAI.APIUserAbortError()
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
    if (signal?.aborted) throw new OpenAI.APIUserAbortError()
    throw new OpenAI.APIConnectionError({ message: errorMessage(error), cause: error instanceof Error ? error : undefined })
  }
  if (!response.ok) {
    const text = await response.text().catch((error: unknown) => errorMessage(error))
    const json = parsedOrUndefined(text)
    throw OpenAI.APIError.generate(response.status, json as object | undefined, json ? undefined : text, response.headers)
  }
  return response.json()
}
