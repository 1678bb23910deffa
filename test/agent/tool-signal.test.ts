import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createToolLoop, runAgent, type AgentTools } from '../../src/agent/index.ts'
import type { Sample } from '../../src/schema/index.ts'
import { scriptedModel } from './scripted-model.ts'

const sample: Sample = { id: 's1', input: 'Look it up.' }
const ask = [{ role: 'user' as const, content: 'Look it up.' }]

// A tool without timeoutMs is handed the sample's own signal (no controller is made for each call): it must still end
// with the sample, for the sample's reason, and a finished call must leave nothing listening on the sample's signal.
describe('the signal of a tool without a timeout', () => {
  it('leaves no listener on the sample signal once its calls have ended, however many there were', async () => {
    const tools: AgentTools = { lookup: { parameters: {}, execute: async () => 'found' } }
    const model = scriptedModel([
      { calls: Array.from({ length: 5 }, () => ({ name: 'lookup', arguments: '{}' })) },
      { calls: [{ name: 'lookup', arguments: '{}' }] },
      { text: 'done' },
    ])
    const controller = new AbortController()
    const output = await runAgent(createToolLoop('b', tools, 10), model, ask, { sample, signal: controller.signal }, {})
    expect(output.text).toBe('done')
    expect(output.trajectory.steps.flatMap((step) => step.toolResults.map((result) => result.output))).toEqual(Array(6).fill('found'))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it("aborts with the sample's reason when the sample ends", async () => {
    let reason: unknown
    const tools: AgentTools = {
      wait: {
        parameters: {},
        execute: (_args: unknown, { signal }: { signal: AbortSignal }) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject((reason = signal.reason)), { once: true })),
      },
    }
    const model = scriptedModel([{ calls: [{ name: 'wait', arguments: '{}' }] }])
    const stopping = new AbortController()
    const ended = new Error('the sample timed out')
    setTimeout(() => stopping.abort(ended), 20)
    await expect(runAgent(createToolLoop('b', tools, 10), model, ask, { sample, signal: stopping.signal }, {})).rejects.toBe(ended)
    expect(reason).toBe(ended)
  })
})
