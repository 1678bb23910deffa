// The agent the live benches play, on both sides: the server's script (a search, a lookup of what it found, then the
// answer the lookup gave) and the raw loop a user would write with the openai SDK alone.
import type OpenAI from 'openai'
import type { ChatRequest } from '../test/support/openai-server.ts'

const toolMessages = (request: ChatRequest): ChatRequest['messages'] => request.messages.filter((message) => message.role === 'tool')

/** The tool calls the server answers a request with: a search, then a lookup of what it found, then none. */
export function agentCalls(request: ChatRequest): { name: string; arguments: string }[] | undefined {
  if (request.tools === undefined) return undefined
  const results = toolMessages(request)
  const asked = request.messages.find((message) => message.role === 'user')?.content ?? ''
  if (results.length === 0) return [{ name: 'search', arguments: JSON.stringify({ q: asked }) }]
  if (results.length === 1) return [{ name: 'lookup', arguments: JSON.stringify({ id: results[0]!.content }) }]
  return undefined
}

/** The server's text: the answer the lookup gave, or, without tools, what the user asked for. */
export const agentReply = (request: ChatRequest): string => {
  const last = toolMessages(request).at(-1)?.content
  return last === undefined ? (request.messages.at(-1)?.content ?? '').replace('Reply with: ', '') : last.replace('answer of ', '')
}

const RAW_TOOLS = [
  {
    type: 'function' as const,
    function: { name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
  },
  {
    type: 'function' as const,
    function: { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  },
]

/** One sample through the raw loop; `count` is told of each tool run. */
export async function rawAgent(client: OpenAI, input: string, count: () => void = () => undefined): Promise<string | null | undefined> {
  const run: Record<string, (args: Record<string, string>) => string> = {
    search: ({ q }) => (count(), q!.replace('Reply with: ', 'id ')),
    lookup: ({ id }) => (count(), id!.replace('id ', 'answer of ')),
  }
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: input }]
  for (let step = 0; step < 10; step++) {
    const reply = (await client.chat.completions.create({ model: 'fake-model', messages, tools: RAW_TOOLS, temperature: 0 })).choices[0]!
      .message
    const calls = (reply.tool_calls ?? []).filter((call) => call.type === 'function')
    if (calls.length === 0) return reply.content
    messages.push({ role: 'assistant', content: reply.content, tool_calls: calls })
    for (const call of calls)
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: run[call.function.name]!(JSON.parse(call.function.arguments) as Record<string, string>),
      })
  }
  return undefined
}
