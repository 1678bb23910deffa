import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ModelError, models } from '../../src/index.ts'
import { createRecordedModel, loadRecordingStore, recordingKey, type Model } from '../../src/model/index.ts'
import { startFakeServer, type FakeServer, type FakeServerOptions } from '../support/openai-server.ts'

let server: FakeServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function endpoint(options: FakeServerOptions = {}): Promise<Model> {
  server = await startFakeServer(options)
  return models.openai({ model: 'fake-model', baseURL: server.baseURL })
}

const question = [{ role: 'user' as const, content: 'Which is the capital of France?\nReply with: C' }]
const capital = [{ role: 'user' as const, content: 'The capital of France.\nReply with: Paris' }]
const options = ['\nAnswer: Lyon', '\nAnswer: Paris']

describe('scoring choices by the answer token (logprobs)', () => {
  it('gives each option letter its log-probability among the top tokens, null when it is not among them', async () => {
    const model = await endpoint()
    const scores = await model.scoreChoices!(question, ['A', 'B', 'C', 'D', 'K'], 'logprobs')
    // the server's reply is "C"; the other letters follow at -3, -4, -5, ... (K is past the top 20 it lists)
    expect(scores.logprobs).toEqual([-3, -4, -0.01, -5, null])
    expect(server!.requests).toHaveLength(1)
  })

  it('fails with a ModelError naming the method when the endpoint returns no logprobs', async () => {
    const model = await endpoint({ logprobs: false })
    await expect(model.scoreChoices!(question, ['A', 'B'], 'logprobs')).rejects.toThrowError(
      new ModelError(
        'Model "fake-model" returned no log-probabilities, so it cannot score choices with inferMethod "logprobs", which needs a chat endpoint that returns logprobs with top_logprobs. Use inferMethod "generate" for this endpoint.',
      ),
    )
  })
})

describe('scoring choices by perplexity (ppl)', () => {
  it('gives each option the mean log-probability per token of the prompt and option together, in one request', async () => {
    const model = await endpoint()
    const scores = await model.scoreChoices!(capital, options, 'ppl')
    // 9 tokens of text, the first unscored: each costs -2, but for " Paris" after the "Reply with: Paris" line (-0.1);
    // the generated token past the text (-50) is left out
    expect(scores.logprobs[0]).toBeCloseTo(-2, 12)
    expect(scores.logprobs[1]).toBeCloseTo((7 * -2 - 0.1) / 8, 12)
    expect(server!.completionRequests).toEqual([
      {
        model: 'fake-model',
        prompts: options.map((option) => `${capital[0]!.content}${option}`),
        echo: true,
        logprobs: 1,
        maxTokens: 1,
      },
    ])
    expect(scores.usage).toEqual({ inputTokens: 18, outputTokens: 2 })
  })

  it('fails at once with a ModelError when the endpoint has no completions, or refuses echo with logprobs', async () => {
    for (const [completions, status] of [
      ['none', 404],
      ['no-echo', 400],
    ] as const) {
      const model = await endpoint({ completions })
      const error = (await model.scoreChoices!(capital, options, 'ppl').catch((e: unknown) => e)) as ModelError
      expect(error).toBeInstanceOf(ModelError)
      expect(error.message).toMatch(
        new RegExp(
          `^Model "fake-model" refused the request \\(HTTP ${status}: .+\\), so it cannot score choices with inferMethod "ppl", which needs a completions endpoint`,
        ),
      )
      expect(server!.completionRequests.length + server!.requestCount).toBeLessThanOrEqual(1)
      await server!.close()
    }
  })
})

describe('recorded choice scores', () => {
  it('are replayed without a request, under a key of their own', async () => {
    const live = await endpoint()
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-choices-'))
    const store = loadRecordingStore(join(dir, 'choices.jsonl'))
    const recorded = await createRecordedModel(live, store, 'auto').scoreChoices!(capital, options, 'ppl')
    store.save()
    const replay = createRecordedModel(models.openai({ model: 'fake-model' }), loadRecordingStore(join(dir, 'choices.jsonl')), 'replay')
    const replayed = await replay.scoreChoices!(capital, options, 'ppl')
    expect(replayed).toMatchObject({ logprobs: recorded.logprobs, usage: recorded.usage, replayed: true })
    expect(server!.completionRequests).toHaveLength(1)
    const line = JSON.parse(readFileSync(join(dir, 'choices.jsonl'), 'utf8'))
    expect(line.scoring).toEqual({ method: 'ppl', choices: options })
    expect(line.key).not.toBe(recordingKey(live.identity!, capital))
    await expect(replay.scoreChoices!(capital, options, 'logprobs')).rejects.toThrow(/No recording of this call/)
  })
})
