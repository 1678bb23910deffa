import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolLoop, loadToolRecordings, runAgent, type AgentTools } from '../../src/agent/index.ts'
import { ModelError } from '../../src/errors.ts'
import type { RecordingMode, Sample } from '../../src/schema/index.ts'
import { scriptedModel, type ScriptedReply } from './scripted-model.ts'

const sample: Sample = { id: 'trip', input: 'Plan it.' }
const ask = [{ role: 'user' as const, content: 'Plan it.' }]
const signal = new AbortController().signal

// three tool steps: search twice (the same arguments at two steps), then book, then the answer
const script: ScriptedReply[] = [
  {
    calls: [
      { name: 'search', arguments: '{"q":"hotels"}' },
      { name: 'clock', arguments: '{}' },
    ],
  },
  { calls: [{ name: 'search', arguments: '{"q":"hotels"}' }] },
  { calls: [{ name: 'book', arguments: '{"hotel":"H1"}' }] },
  { text: 'Booked H1.' },
]

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function countingTools(runs: Record<string, number>): AgentTools {
  const counted = (name: string, result: (args: Record<string, unknown>) => unknown) => (args: Record<string, unknown>) => {
    runs[name] = (runs[name] ?? 0) + 1
    return result(args)
  }
  return {
    search: { parameters: z.object({ q: z.string() }), execute: counted('search', ({ q }) => `results for ${String(q)} #${runs.search}`) },
    book: { parameters: z.object({ hotel: z.string() }), execute: counted('book', ({ hotel }) => ({ booked: hotel })) },
    clock: { parameters: z.object({}), replay: false, execute: counted('clock', () => 'noon') },
  }
}

async function runOnce(mode: RecordingMode, file: string, replies = script) {
  const runs: Record<string, number> = {}
  const recordings = loadToolRecordings(file, mode)
  const output = await runAgent(
    createToolLoop('b', countingTools(runs), 10),
    scriptedModel(replies),
    ask,
    { sample, signal, recordings },
    { signal },
  )
  recordings.save()
  return { runs, output }
}

describe('tool replay', () => {
  it('records each call once, keyed by step so a repeated call is its own entry, and replays them running no tool', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tool-replay-'))
    const file = join(dir, 'b.tools.jsonl')
    const recorded = await runOnce('record', file)
    expect(recorded.runs).toEqual({ search: 2, book: 1, clock: 1 })
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: number; tool: string; result: { output: string } })
    expect(lines.map((line) => [line.step, line.tool, line.result.output]).sort()).toEqual([
      [1, 'search', 'results for hotels #1'],
      [2, 'search', 'results for hotels #2'],
      [3, 'book', '{"booked":"H1"}'],
    ])
    const replayed = await runOnce('replay', file)
    // a replay: false tool runs every time; the others never do in replay
    expect(replayed.runs).toEqual({ clock: 1 })
    const plain = (steps: typeof recorded.output.trajectory.steps) =>
      steps.map((step) => ({ ...step, toolResults: step.toolResults.map(({ replayed: _replayed, durationMs: _ms, ...rest }) => rest) }))
    expect(plain(replayed.output.trajectory.steps)).toEqual(plain(recorded.output.trajectory.steps))
    expect(replayed.output.trajectory.steps[0]!.toolResults.map((result) => result.replayed)).toEqual([true, undefined])
  })

  it('in auto mode runs only the calls not recorded', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tool-replay-'))
    const file = join(dir, 'b.tools.jsonl')
    await runOnce('record', file, script.slice(0, 1))
    const auto = await runOnce('auto', file)
    expect(auto.runs).toEqual({ search: 1, book: 1, clock: 1 })
  })

  it('in replay mode fails on a call never recorded, naming the tool, step, sample and arguments, and runs nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tool-replay-'))
    const file = join(dir, 'b.tools.jsonl')
    const runs: Record<string, number> = {}
    const recordings = loadToolRecordings(file, 'replay')
    const failing = runAgent(
      createToolLoop('b', countingTools(runs), 10),
      scriptedModel(script.slice(2)),
      ask,
      { sample, signal, recordings },
      { signal },
    )
    await expect(failing).rejects.toThrow(ModelError)
    await expect(failing).rejects.toThrow(
      `No recording of tool "book" at step 1 of sample "trip" with {"hotel":"H1"} in "${file}", and replay mode runs no tool. Record it with EVALSUITE_RECORDINGS=auto (or record).`,
    )
    expect(runs).toEqual({})
  })

  it('in replay mode calls a recording stale when the model now calls the same tool at that step with other arguments', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tool-replay-'))
    const file = join(dir, 'b.tools.jsonl')
    await runOnce('record', file)
    const changed = [{ calls: [{ name: 'search', arguments: '{"q":"hostels"}' }] }, ...script.slice(1)]
    await expect(runOnce('replay', file, changed)).rejects.toThrow(
      `The recording of tool "search" at step 1 of sample "trip" in "${file}" is stale: it was called with {"q":"hotels"}, and the replayed model now calls it with {"q":"hostels"}`,
    )
  })
})
