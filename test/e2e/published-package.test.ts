import { describe, expect, it } from 'vitest'
import { copyFixture } from '../support/fixture-copy.ts'
import { startFakeServer } from '../support/openai-server.ts'
import { readReport, runVitest, tableRows } from './run-fixture.ts'

const PUBLISHED = copyFixture('published')

describe('the built package, imported by name as an installed user would', () => {
  it('loads "evalsuite/plugin" in the config and "evalsuite" in an eval file, with the matchers registered', async () => {
    const run = await runVitest(['published'], {}, PUBLISHED)
    expect(run.code).toBe(0)
    expect(tableRows(run.stdout, 'published')).toEqual([
      'published | all | accuracy | 2! | 50.0% | [2.6%, 97.4%]',
      'published: 1 wrong: p2: target dong, read dang (exact)',
      'published: note: only 2 samples: the 95% interval of accuracy spans 94.9 points, so smaller changes cannot be told from noise',
    ])
    expect((await readReport('published', PUBLISHED)).counts).toEqual({ samples: 2, right: 1, wrong: 1, errored: 0, skipped: 0 })
  })

  it('runs a built-in benchmark imported from "evalsuite/benchmarks"', async () => {
    const run = await runVitest(['builtin'], {}, PUBLISHED)
    expect(run.code).toBe(0)
    expect((await readReport('quiz', PUBLISHED)).counts).toEqual({ samples: 2, right: 1, wrong: 1, errored: 0, skipped: 0 })
  })

  // the package bundles its own copy of zod; a judge's verdict schema comes from the user's
  it("reads a verdict schema built with the user's own zod, descriptions included", async () => {
    const prompts: string[] = []
    const server = await startFakeServer({
      reply: (request) => {
        const text = request.messages.map((message) => message.content).join('\n')
        prompts.push(text)
        return JSON.stringify({ reasoning: 'read', verdict: text.includes('Thank you') ? 'polite' : 'rude' })
      },
    })
    try {
      const run = await runVitest(
        ['user-zod'],
        { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test', EVALSUITE_VERDICTS: 'live' },
        PUBLISHED,
      )
      expect(run.code).toBe(0)
      expect(prompts).toHaveLength(2)
      expect(prompts.every((prompt) => prompt.includes('polite when the reply thanks the customer'))).toBe(true)
      const report = await readReport('user-zod', PUBLISHED)
      expect(report.samples.map((sample) => [sample.id, sample.status, sample.judge?.[0]?.label])).toEqual([
        ['u1', 'right', 'polite'],
        ['u2', 'wrong', 'rude'],
      ])
    } finally {
      await server.close()
    }
  })
})
