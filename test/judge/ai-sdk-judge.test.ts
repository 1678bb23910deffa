import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { afterEach, expect, it } from 'vitest'
import { createJudgeExecutor, judge } from '../../src/judge/index.ts'
import { models } from '../../src/model/index.ts'
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts'

// the AI SDK's console warnings (an unknown model's defaults) say nothing this test checks
Object.assign(globalThis, { AI_SDK_LOG_WARNINGS: false })

const servers: ProviderServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const context = { output: 'Paris is the capital of France.', input: 'What is the capital of France?', reference: 'Paris' }
const criteria = judge.labels({ prompt: 'Does the response give the same capital as the reference?', labels: { pass: 1, fail: 0 } })

it('takes AI SDK models as judges, a quorum of Claude and Gemini, each asked once with the judge prompt', async () => {
  const verdict = { text: JSON.stringify({ reasoning: 'Both say Paris.', verdict: 'pass' }), usage: { input: 200, output: 15 } }
  const anthropic = await startProviderServer({ wire: 'anthropic', reply: () => verdict })
  const gemini = await startProviderServer({ wire: 'gemini', reply: () => verdict })
  servers.push(anthropic, gemini)
  const judges = [
    models.aiSdk(createAnthropic({ baseURL: anthropic.baseURL, apiKey: 'test-key-0123456789' })('claude-judge')),
    models.aiSdk(createGoogleGenerativeAI({ baseURL: gemini.baseURL, apiKey: 'test-key-0123456789' })('gemini-judge')),
  ]
  const executor = createJudgeExecutor({
    models: judges,
    mode: 'live',
    update: false,
    repeats: 1,
    swap: false,
    concurrency: 4,
    timeoutMs: 10_000,
  })
  const record = await executor.judge(criteria, context, {
    sampleId: 's1',
    file: join(mkdtempSync(join(tmpdir(), 'evalsuite-judge-')), 'capitals.eval.ts'),
  })
  expect(record).toMatchObject({
    status: 'judged',
    pass: true,
    score: 1,
    label: 'pass',
    judges: ['claude-judge', 'gemini-judge'],
    calls: { live: 2, stored: 0, invalid: 0 },
  })
  expect(record.usage).toEqual({ inputTokens: 400, outputTokens: 30 })
  expect(anthropic.requests).toHaveLength(1)
  expect(gemini.requests).toHaveLength(1)
  expect(JSON.stringify(anthropic.requests[0]!.body)).toContain('Paris is the capital of France.')
})
