import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../../src/errors.ts'
import { createRecordedModel, loadRecordingStore, models, recordingKey, type Tool } from '../../src/model/index.ts'
import type { ChatMessage } from '../../src/schema/index.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const weather: Tool = {
  name: 'get_weather',
  description: 'The weather in a city now.',
  parameters: z.object({ city: z.string(), unit: z.enum(['C', 'F']).optional() }),
}
const clock: Tool = { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } }
const ask: ChatMessage[] = [{ role: 'user', content: 'Weather and time in Paris?' }]

const parisCalls = [
  { name: 'get_weather', arguments: '{"city":"Paris","unit":"C"}' },
  { name: 'get_time', arguments: '{"zone":"Europe/Paris"}' },
]

describe.each([false, true])('models.openai with tools (stream %s)', (stream) => {
  it('sends the tools as JSON Schema, with tool_choice and parallel_tool_calls, and reads one call, parsed', async () => {
    server = await startFakeServer({ toolCalls: () => parisCalls.slice(0, 1) })
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL, stream })
    const output = await model.generate(ask, { tools: [weather, clock], toolChoice: 'required', parallelToolCalls: false })
    expect(output.text).toBe('')
    expect(output.toolCalls).toEqual([
      { id: 'call_1_0', name: 'get_weather', arguments: { city: 'Paris', unit: 'C' }, rawArguments: '{"city":"Paris","unit":"C"}' },
    ])
    const sent = server.requests[0]!
    expect(sent.toolChoice).toBe('required')
    expect(sent.parallelToolCalls).toBe(false)
    expect(sent.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather in a city now.',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['C', 'F'] } },
            required: ['city'],
            additionalProperties: false,
          },
        },
      },
      { type: 'function', function: clock },
    ])
  })

  it('reads parallel calls in order, each with its own id', async () => {
    server = await startFakeServer({ toolCalls: () => parisCalls })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL, stream }).generate(ask, { tools: [weather, clock] })
    expect(output.toolCalls?.map(({ id, name, arguments: args }) => ({ id, name, args }))).toEqual([
      { id: 'call_1_0', name: 'get_weather', args: { city: 'Paris', unit: 'C' } },
      { id: 'call_1_1', name: 'get_time', args: { zone: 'Europe/Paris' } },
    ])
    expect(server.requests[0]).not.toHaveProperty('toolChoice')
    expect(server.requests[0]).not.toHaveProperty('parallelToolCalls')
  })

  it('reports arguments that are not valid JSON on the call, without throwing', async () => {
    server = await startFakeServer({ toolCalls: () => [{ name: 'get_weather', arguments: '{"city": "Par' }, parisCalls[1]!] })
    const output = await models.openai({ model: 'fake-model', baseURL: server.baseURL, stream }).generate(ask, { tools: [weather, clock] })
    const [broken, fine] = output.toolCalls!
    expect(broken).toMatchObject({ name: 'get_weather', arguments: undefined, rawArguments: '{"city": "Par' })
    expect(broken!.error).toMatch(/^arguments are not valid JSON \(.+\)$/)
    expect(fine).toEqual({ id: 'call_1_1', name: 'get_time', arguments: { zone: 'Europe/Paris' }, rawArguments: '{"zone":"Europe/Paris"}' })
  })
})

describe('a hostile streamed reply', () => {
  it('keeps its calls by index in a map (an index of "__proto__" reaches no prototype) and drops a call without a name', async () => {
    const event = (toolCall: object) =>
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'fake-model', choices: [{ index: 0, delta: { tool_calls: [toolCall] }, finish_reason: null }] })}\n\n`
    const body =
      event({ index: '__proto__', id: 'evil', type: 'function', function: { name: 'get_time', arguments: '{}' } }) +
      event({ index: 1, id: 'nameless', type: 'function', function: { arguments: '{}' } }) +
      event({ index: 0, id: 'call_ok', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }) +
      'data: [DONE]\n\n'
    server = await startFakeServer({ fault: () => ({ kind: 'status', status: 200, body, contentType: 'text/event-stream' }) })
    const output = await models
      .openai({ model: 'fake-model', baseURL: server.baseURL, stream: true })
      .generate(ask, { tools: [weather, clock] })
    expect(output.toolCalls?.map((call) => call.id)).toEqual(['evil', 'call_ok'])
    expect(Object.prototype).not.toHaveProperty('arguments')
    expect(Array.prototype).not.toHaveProperty('id')
  })
})

describe('tool messages sent back', () => {
  it("go out in OpenAI's shape: the assistant's tool_calls, and each tool message's tool_call_id; a named tool choice as a function", async () => {
    server = await startFakeServer()
    const conversation: ChatMessage[] = [
      ...ask,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', toolCallId: 'call_9', content: '18 C, sunny' },
    ]
    const output = await models
      .openai({ model: 'fake-model', baseURL: server.baseURL })
      .generate(conversation, { tools: [weather], toolChoice: { name: 'get_weather' } })
    expect(output.toolCalls).toBeUndefined()
    const sent = server.requests[0]!
    expect(sent.messages[1]).toMatchObject({
      role: 'assistant',
      toolCalls: [{ id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    })
    expect(sent.messages[2]).toMatchObject({ role: 'tool', content: '18 C, sunny', toolCallId: 'call_9' })
    expect(sent.toolChoice).toEqual({ type: 'function', function: { name: 'get_weather' } })
  })

  it('refuse a tool whose name an endpoint would refuse, two tools of one name, or a tool message answering no call, before any request', async () => {
    server = await startFakeServer()
    const model = models.openai({ model: 'fake-model', baseURL: server.baseURL })
    await expect(model.generate(ask, { tools: [{ ...clock, name: 'get time' }] })).rejects.toThrow(ConfigError)
    await expect(model.generate(ask, { tools: [clock, clock] })).rejects.toThrow('Tool "get_time" is offered twice')
    await expect(model.generate([...ask, { role: 'tool', content: '12:00' }])).rejects.toThrow(
      'Message 2 is a "tool" message without "toolCallId"',
    )
    expect(server.requestCount).toBe(0)
  })
})

describe('recordings with tools', () => {
  const identity = { provider: 'openai-compatible', model: 'fake-model', params: { temperature: 0 } }

  it('key calls without tools as before, and a call with tools or tool messages apart', () => {
    // these keys were computed by the code before tools existed: committed recordings must keep replaying
    expect(
      recordingKey(identity, [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the weather in Paris?' },
      ]),
    ).toBe('a3401a9d265066f8fb53c919')
    expect(recordingKey(identity, [{ role: 'user', content: 'Hi' }], undefined, 2)).toBe('e00804feb928503fe142123e')
    const plain = recordingKey(identity, ask)
    const offered = { definitions: [{ name: 'get_time', parameters: clock.parameters as Record<string, unknown> }] }
    expect(recordingKey(identity, ask, undefined, undefined, offered)).not.toBe(plain)
    expect(recordingKey(identity, ask, undefined, undefined, { ...offered, choice: 'required' })).not.toBe(
      recordingKey(identity, ask, undefined, undefined, offered),
    )
    const answered = (result: string): ChatMessage[] => [
      ...ask,
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_time', arguments: '{"zone":"UTC"}' }] },
      { role: 'tool', toolCallId: 'c1', content: result },
    ]
    expect(recordingKey(identity, answered('12:00'))).not.toBe(recordingKey(identity, answered('13:00')))
    expect(recordingKey(identity, answered('12:00'))).not.toBe(
      recordingKey(identity, [...ask, { role: 'assistant', content: '' }, { role: 'tool', content: '12:00' }]),
    )
  })

  it.each([false, true])('record the tools and the calls, and replay the same calls with no request (stream %s)', async (stream) => {
    server = await startFakeServer({
      toolCalls: (request) =>
        request.messages.some((m) => m.role === 'tool') ? undefined : [parisCalls[0]!, { name: 'get_time', arguments: '{oops' }],
    })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-tools-')), 'bench.jsonl')
    const live = models.openai({ model: 'fake-model', baseURL: server.baseURL, stream })
    const call = { tools: [weather, clock], toolChoice: 'auto' as const }
    const followUp: ChatMessage[] = [
      ...ask,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Paris","unit":"C"}' }] },
      { role: 'tool', toolCallId: 'call_1_0', content: '18 C' },
    ]
    const recorder = loadRecordingStore(file)
    const recording = createRecordedModel(live, recorder, 'record')
    const recorded = await recording.generate(ask, call)
    const recordedAnswer = await recording.generate(followUp, call)
    recorder.save()
    expect(server.requestCount).toBe(2)

    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const withCalls = lines.find((line) => line.reply.toolCalls)
    expect(withCalls.tools.definitions.map((tool: { name: string }) => tool.name)).toEqual(['get_weather', 'get_time'])
    expect(withCalls.tools.choice).toBe('auto')
    expect(withCalls.reply.toolCalls).toEqual([
      { id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Paris","unit":"C"}' },
      { id: 'call_1_1', name: 'get_time', arguments: '{oops' },
    ])

    const replaying = createRecordedModel(live, loadRecordingStore(file), 'replay')
    const replayed = await replaying.generate(ask, call)
    const replayedAnswer = await replaying.generate(followUp, call)
    expect(server.requestCount).toBe(2)
    expect(replayed.replayed).toBe(true)
    expect(replayed.toolCalls).toEqual(recorded.toolCalls)
    expect(replayed.toolCalls?.[1]?.error).toMatch(/not valid JSON/)
    expect(replayedAnswer.text).toBe(recordedAnswer.text)
    expect(replayedAnswer.toolCalls).toBeUndefined()
    // the same messages without the tools are another call, which replay has not recorded
    await expect(replaying.generate(ask)).rejects.toThrow(/No recording of this call/)
  })
})
