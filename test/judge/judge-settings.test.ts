import { afterEach, describe, expect, it, vi } from 'vitest'
import { JudgeOptionsSchema, resolveJudgeSettings } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'

const plugin = (models: { model: string; apiKeyEnv?: string }[]) => ({ models, fromEnvironment: false, update: false })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe("a judge model named as the plugin names it, in a benchmark's judge.model", () => {
  it("is the same OpenAI-compatible judge as the plugin's judge.model of that name", () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test')
    const own = resolveJudgeSettings({ model: 'gpt-4o-mini' })
    const fromPlugin = resolveJudgeSettings({}, plugin([{ model: 'gpt-4o-mini' }]))
    expect(own.models.map((judge) => [judge.name, judge.identity, judge.hasCredentials])).toEqual(
      fromPlugin.models.map((judge) => [judge.name, judge.identity, judge.hasCredentials]),
    )
    expect(own.models.map((judge) => judge.name)).toEqual(['gpt-4o-mini'])
  })

  it("reads an endpoint's key from its environment variable, and without it replays the stored verdicts", () => {
    vi.stubEnv('JUDGE_KEY', '')
    const settings = resolveJudgeSettings({ model: [{ model: 'judge-a', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'JUDGE_KEY' }] })
    expect(settings.models.map((judge) => [judge.name, judge.hasCredentials])).toEqual([['judge-a', false]])
    expect(settings.mode).toBe('replay')
  })

  it("keeps a Model as it is given, beside names in one panel, and overrides the plugin's", () => {
    const own: Model = { name: 'scripted', generate: async () => ({ text: '{}', latencyMs: 0 }) }
    const settings = resolveJudgeSettings({ model: [own, 'gpt-4o'] }, plugin([{ model: 'gpt-4o-mini' }]))
    expect(settings.models[0]).toBe(own)
    expect(settings.models.map((judge) => judge.name)).toEqual(['scripted', 'gpt-4o'])
  })

  it('refuses what is neither a name, an endpoint nor a Model, saying what each looks like', () => {
    const parsed = JudgeOptionsSchema.safeParse({ model: ['gpt-4o', { name: 'gpt-4o' }] })
    expect(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toMatchInlineSnapshot(`
      [
        "model: must be a model name, an endpoint { model, baseURL?, apiKeyEnv? }, a Model such as models.openai({ model }), or a non-empty list of them",
      ]
    `)
  })
})
