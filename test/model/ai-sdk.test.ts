import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, ModelError } from '../../src/errors.ts'
import { createRecordedModel, loadRecordingStore, models, type Model, type Tool } from '../../src/model/index.ts'
import type { ChatMessage } from '../../src/schema/index.ts'
import { startProviderServer, type ProviderServer, type ProviderServerOptions, type Wire } from '../support/provider-server.ts'

// the AI SDK's console warnings (an unknown model's defaults) say nothing these tests check
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false })

let server: ProviderServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const KEY = 'test-key-0123456789'

async function serve(options: ProviderServerOptions): Promise<ProviderServer> {
  server = await startProviderServer(options)
  return server
}

/** The real provider package for a wire format, pointed at the local server. */
function languageModel(wire: Wire, baseURL: string) {
  return wire === 'anthropic'
    ? createAnthropic({ baseURL, apiKey: KEY })('claude-test')
    : createGoogleGenerativeAI({ baseURL, apiKey: KEY })('gemini-test')
}

const weather: Tool = { name: 'get_weather', description: 'The weather in a city now.', parameters: z.object({ city: z.string() }) }
const clock: Tool = { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } }
const ask: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather and time in Paris?' },
]
const parisCalls = [
  { name: 'get_weather', arguments: '{"city":"Paris"}' },
  { name: 'get_time', arguments: '{"zone":"Europe/Paris"}' },
]

const cases = (['anthropic', 'gemini'] as const).flatMap((wire) => [false, true].map((stream) => ({ wire, stream })))

describe.each(cases)('models.aiSdk on $wire (stream $stream)', ({ wire, stream }) => {
  it('answers with the text, the usage, its cost at the price, and a time to first token when streamed', async () => {
    const { baseURL, requests } = await serve({ wire, reply: () => ({ text: 'Paris is sunny.', usage: { input: 12, output: 5 } }) })
    const model = models.aiSdk(languageModel(wire, baseURL), { stream, price: { input: 1, output: 2 } })
    const output = await model.generate(ask)
    expect(output.text).toBe('Paris is sunny.')
    expect(output.usage).toEqual({ inputTokens: 12, outputTokens: 5 })
    expect(output.costUsd).toBeCloseTo(22e-6, 12)
    expect(output.latencyMs).toBeGreaterThan(0)
    if (stream) expect(output.ttftMs).toBeGreaterThan(0)
    else expect(output).not.toHaveProperty('ttftMs')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.stream).toBe(stream)
    expect(JSON.stringify(requests[0]!.body)).toContain('Be brief.')
  })

  it('sends the tools as JSON Schema and reads parallel tool calls, arguments parsed and their text kept', async () => {
    const { baseURL, requests } = await serve({ wire, reply: () => ({ toolCalls: parisCalls, usage: { input: 30, output: 9 } }) })
    const output = await models
      .aiSdk(languageModel(wire, baseURL), { stream })
      .generate(ask, { tools: [weather, clock], toolChoice: 'required' })
    expect(output.text).toBe('')
    expect(output.toolCalls?.map(({ name, arguments: args, rawArguments, error }) => ({ name, args, rawArguments, error }))).toEqual([
      { name: 'get_weather', args: { city: 'Paris' }, rawArguments: '{"city":"Paris"}', error: undefined },
      { name: 'get_time', args: { zone: 'Europe/Paris' }, rawArguments: '{"zone":"Europe/Paris"}', error: undefined },
    ])
    const sent = requests[0]!.body
    const city = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
    if (wire === 'anthropic') {
      expect(
        sent.tools.map(({ name, description, input_schema }: Record<string, unknown>) => ({ name, description, input_schema })),
      ).toEqual([
        { name: 'get_weather', description: 'The weather in a city now.', input_schema: { ...city, additionalProperties: false } },
        { name: 'get_time', description: undefined, input_schema: clock.parameters },
      ])
      expect(sent.tool_choice).toEqual({ type: 'any' })
    } else {
      // @ai-sdk/google 3 sends OpenAPI `parameters`, 4 the JSON Schema itself as `parametersJsonSchema`
      const declarations: { name: string; parameters?: unknown; parametersJsonSchema?: unknown }[] = sent.tools[0].functionDeclarations
      expect(declarations.map((tool) => [tool.name, tool.parameters ?? tool.parametersJsonSchema])).toEqual([
        ['get_weather', expect.objectContaining(city)],
        ['get_time', clock.parameters],
      ])
      expect(sent.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } })
    }
  })

  it('reports a call of a tool it was not offered as it came, for the caller to judge', async () => {
    const { baseURL } = await serve({ wire, reply: () => ({ toolCalls: [{ name: 'launch_rocket', arguments: '{"target":"moon"}' }] }) })
    const output = await models.aiSdk(languageModel(wire, baseURL), { stream }).generate(ask, { tools: [weather] })
    expect(output.toolCalls).toEqual([
      expect.objectContaining({ name: 'launch_rocket', arguments: { target: 'moon' }, rawArguments: '{"target":"moon"}' }),
    ])
    expect(output.toolCalls![0]).not.toHaveProperty('error')
  })

  it('fails an empty reply, naming the model and its provider, rather than scoring it', async () => {
    const { baseURL } = await serve({ wire, reply: () => ({}) })
    const error = await models
      .aiSdk(languageModel(wire, baseURL), { stream })
      .generate(ask)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ModelError)
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Model "${wire === 'anthropic' ? 'claude' : 'gemini'}-test" \\(${wire === 'anthropic' ? 'anthropic.messages' : 'google.generative-ai'}\\) returned an empty reply \\(finish reason "stop"\\)\\.$`,
      ),
    )
  })

  it("sends a conversation with tool calls and their results back in the provider's shape", async () => {
    const { baseURL, requests } = await serve({ wire })
    const conversation: ChatMessage[] = [
      ...ask,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', toolCallId: 'call_9', content: '18 C, sunny' },
    ]
    const output = await models.aiSdk(languageModel(wire, baseURL), { stream }).generate(conversation, { tools: [weather] })
    expect(output.toolCalls).toBeUndefined()
    const sent = JSON.stringify(requests[0]!.body)
    expect(sent).toContain('18 C, sunny')
    expect(sent).toContain(wire === 'anthropic' ? '"tool_use_id":"call_9"' : '"functionResponse":{"id":"call_9","name":"get_weather"')
  })
})

describe('models.aiSdk with a malformed tool call', () => {
  it('keeps arguments that are not valid JSON on the call, with the reason, and never throws', async () => {
    const { baseURL } = await serve({
      wire: 'anthropic',
      reply: () => ({ toolCalls: [{ name: 'get_weather', arguments: '{"city": "Par' }, parisCalls[1]!] }),
    })
    const output = await models.aiSdk(languageModel('anthropic', baseURL), { stream: true }).generate(ask, { tools: [weather, clock] })
    const [broken, fine] = output.toolCalls!
    expect(broken).toMatchObject({ name: 'get_weather', arguments: undefined, rawArguments: '{"city": "Par' })
    expect(broken!.error).toMatch(/^arguments are not valid JSON \(.+\)$/)
    expect(fine).toMatchObject({ name: 'get_time', arguments: { zone: 'Europe/Paris' } })
  })
})

describe.each(cases)('models.aiSdk recorded and replayed on $wire (stream $stream)', ({ wire, stream }) => {
  it('records the tools and the calls under provider, model and parameters, never the key, and replays them with no request', async () => {
    const { baseURL, requests } = await serve({
      wire,
      reply: (request) =>
        JSON.stringify(request.body).includes('18 C')
          ? { text: 'It is 18 C.', usage: { input: 40, output: 6 } }
          : { toolCalls: parisCalls, usage: { input: 30, output: 9 } },
    })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-ai-sdk-')), 'bench.jsonl')
    const call = { tools: [weather, clock], toolChoice: 'auto' as const }
    const live = models.aiSdk(languageModel(wire, baseURL), { stream, maxTokens: 256, price: { input: 1, output: 2 } })
    const recorder = loadRecordingStore(file)
    const recording = createRecordedModel(live, recorder, 'record')
    const first = await recording.generate(ask, call)
    const followUp: ChatMessage[] = [
      ...ask,
      {
        role: 'assistant',
        content: '',
        toolCalls: first.toolCalls!.slice(0, 1).map((made) => ({ id: made.id, name: made.name, arguments: made.rawArguments })),
      },
      { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: '18 C' },
    ]
    const second = await recording.generate(followUp, call)
    recorder.save()
    expect(second.text).toBe('It is 18 C.')
    expect(requests).toHaveLength(2)

    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(2)
    expect(readFileSync(file, 'utf8')).not.toContain(KEY)
    const toolCall = lines.find((line) => line.reply.toolCalls)
    expect(toolCall.params).toEqual({ temperature: 0, maxOutputTokens: 256 })
    expect(toolCall.tools.definitions.map((tool: { name: string }) => tool.name)).toEqual(['get_weather', 'get_time'])
    expect(toolCall.reply.toolCalls.map((made: { name: string; arguments: string }) => [made.name, made.arguments])).toEqual(
      parisCalls.map((made) => [made.name, made.arguments]),
    )

    const replay = (model: Model): Model => createRecordedModel(model, loadRecordingStore(file), 'replay')
    const replayed = replay(
      models.aiSdk(languageModel(wire, 'http://127.0.0.1:9/none'), { stream, maxTokens: 256, price: { input: 1, output: 2 } }),
    )
    const again = await replayed.generate(ask, call)
    expect(again.toolCalls).toEqual(first.toolCalls)
    expect(again).toMatchObject({ text: first.text, usage: first.usage, costUsd: first.costUsd, replayed: true })
    expect((await replayed.generate(followUp, call)).text).toBe('It is 18 C.')
    expect(requests).toHaveLength(2)

    // another temperature is another call: replay has none recorded for it
    const warmer = replay(models.aiSdk(languageModel(wire, baseURL), { stream, maxTokens: 256, temperature: 0.5 }))
    await expect(warmer.generate(ask, call)).rejects.toThrow('No recording of this call')
    expect(requests).toHaveLength(2)
  })
})

describe('models.aiSdk usage', () => {
  it("counts Anthropic's cached input tokens among the input tokens, and says how many were cached", async () => {
    const { baseURL } = await serve({ wire: 'anthropic', reply: () => ({ text: 'ok', usage: { input: 10, output: 3, cachedInput: 30 } }) })
    const output = await models.aiSdk(languageModel('anthropic', baseURL)).generate(ask)
    expect(output.usage).toEqual({ inputTokens: 40, outputTokens: 3, cachedInputTokens: 30 })
  })

  it("counts Gemini's reasoning tokens among the output tokens, and its cached input", async () => {
    const { baseURL } = await serve({
      wire: 'gemini',
      reply: () => ({ text: 'ok', usage: { input: 50, output: 3, reasoning: 7, cachedInput: 20 } }),
    })
    const output = await models.aiSdk(languageModel('gemini', baseURL), { price: { input: 1, output: 1 } }).generate(ask)
    expect(output.usage).toEqual({ inputTokens: 50, outputTokens: 10, reasoningTokens: 7, cachedInputTokens: 20 })
    expect(output.costUsd).toBeCloseTo(60e-6, 12)
  })
})

describe('models.aiSdk parallel tool calls', () => {
  it('asks Anthropic for one call at most with its own setting, and refuses the option for a provider without one, before any request', async () => {
    const { baseURL, requests } = await serve({ wire: 'anthropic', reply: () => ({ toolCalls: parisCalls.slice(0, 1) }) })
    await models.aiSdk(languageModel('anthropic', baseURL)).generate(ask, { tools: [weather, clock], parallelToolCalls: false })
    expect(requests[0]!.body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true })
    const gemini = await startProviderServer({ wire: 'gemini' })
    try {
      const error = await models
        .aiSdk(languageModel('gemini', gemini.baseURL))
        .generate(ask, { tools: [weather], parallelToolCalls: false })
        .catch((e: unknown) => e)
      expect(error).toEqual(
        new ConfigError(
          'Provider "google.generative-ai" has no parallelToolCalls setting that evalsuite knows; leave parallelToolCalls out, or set the provider\'s own in providerOptions.',
        ),
      )
      expect(gemini.requests).toHaveLength(0)
    } finally {
      await gemini.close()
    }
  })
})

describe('models.aiSdk options', () => {
  it('refuses what is not an AI SDK language model, and options out of range, naming the model', () => {
    expect(() => models.aiSdk('claude-sonnet-4-5' as never)).toThrowError(
      new ConfigError(
        'models.aiSdk(languageModel): languageModel must be an AI SDK language model such as anthropic("claude-sonnet-4-5") from @ai-sdk/anthropic, received the string "claude-sonnet-4-5".',
      ),
    )
    expect(() => models.aiSdk(languageModel('anthropic', 'http://127.0.0.1:9/v1'), { maxTokens: 0, rpm: -1 })).toThrowError(
      new ConfigError(
        'models.aiSdk(anthropic.messages "claude-test"): option "maxTokens" Too small: expected number to be >0; option "rpm" Too small: expected number to be >0.',
      ),
    )
  })

  it('is named by its model id, or by the name given, and has the identity recordings key it by', () => {
    const model = models.aiSdk(languageModel('gemini', 'http://127.0.0.1:9/v1beta'), {
      topP: 0.9,
      providerOptions: { google: { thinkingConfig: { thinkingBudget: 0 } } },
    })
    expect(model.name).toBe('gemini-test')
    expect(model.identity).toEqual({
      provider: 'google.generative-ai',
      model: 'gemini-test',
      params: { temperature: 0, topP: 0.9, providerOptions: { google: { thinkingConfig: { thinkingBudget: 0 } } } },
    })
    expect(models.aiSdk(languageModel('anthropic', 'http://127.0.0.1:9/v1'), { name: 'claude (local)' }).name).toBe('claude (local)')
  })
})

describe.each(['anthropic', 'gemini'] as const)('models.aiSdk images on %s', (wire) => {
  // a 1x1 PNG
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

  it("sends an image part as the provider's image, and records its digest, never its bytes", async () => {
    const { baseURL, requests } = await serve({ wire, reply: () => ({ text: 'A dot.' }) })
    const file = join(mkdtempSync(join(tmpdir(), 'evalsuite-ai-sdk-')), 'images.jsonl')
    const store = loadRecordingStore(file)
    const model = createRecordedModel(models.aiSdk(languageModel(wire, baseURL)), store, 'record')
    const messages = [
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: 'What is this?' },
          { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ]
    expect((await model.generateWithImages!(messages)).text).toBe('A dot.')
    store.save()
    const parts = wire === 'anthropic' ? requests[0]!.body.messages[0].content : requests[0]!.body.contents[0].parts
    expect(parts).toContainEqual(
      wire === 'anthropic'
        ? { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }
        : { inlineData: { mimeType: 'image/png', data: PNG } },
    )
    const recorded = readFileSync(file, 'utf8')
    expect(recorded).not.toContain(PNG)
    expect(recorded).toMatch(/"url":"sha256:[0-9a-f]{64}"/)
  })
})
