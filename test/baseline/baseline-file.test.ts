import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadBaseline, serializeBaseline, updateBaseline, writeBaseline } from '../../src/baseline/baseline-file.ts'
import type { Baseline } from '../../src/schema/index.ts'

const scores = (entries: Record<string, Record<string, number>>): Map<string, Map<string, number>> =>
  new Map(Object.entries(entries).map(([metric, perSample]) => [metric, new Map(Object.entries(perSample))]))

describe('updateBaseline', () => {
  const existing: Baseline = {
    version: 1,
    benchmark: 'qa',
    models: {
      'gpt-a': { metrics: { accuracy: { q1: 1, q2: 0, q3: 1, gone: 1 } } },
      'gpt-b': { metrics: { accuracy: { q1: 0 } } },
    },
  }

  it('takes new scores, keeps the old ones of declared samples this run did not score, and drops undeclared samples', () => {
    const updated = updateBaseline(existing, 'qa', [
      { model: 'gpt-a', scores: scores({ accuracy: { q1: 0, q4: 1 }, f1: { q1: 0.5 } }), declared: new Set(['q1', 'q2', 'q3', 'q4']) },
    ])
    expect(updated).toEqual({
      version: 1,
      benchmark: 'qa',
      models: {
        'gpt-a': { metrics: { accuracy: { q1: 0, q2: 0, q3: 1, q4: 1 }, f1: { q1: 0.5 } } },
        'gpt-b': { metrics: { accuracy: { q1: 0 } } },
      },
    })
  })

  it('starts a baseline from nothing', () => {
    expect(updateBaseline(null, 'qa', [{ model: 'm', scores: scores({ accuracy: { a: 1 } }), declared: new Set(['a', 'b']) }])).toEqual({
      version: 1,
      benchmark: 'qa',
      models: { m: { metrics: { accuracy: { a: 1 } } } },
    })
  })
})

describe('serializeBaseline', () => {
  it('writes the same bytes for the same scores, whatever order they came in, one sample per line', () => {
    const a: Baseline = { version: 1, benchmark: 'qa', models: { m: { metrics: { f1: { z: 0.5, a: 1 }, accuracy: { b: 1, a: 0 } } } } }
    const b: Baseline = { models: { m: { metrics: { accuracy: { a: 0, b: 1 }, f1: { a: 1, z: 0.5 } } } }, benchmark: 'qa', version: 1 }
    expect(serializeBaseline(a)).toBe(serializeBaseline(b))
    expect(serializeBaseline(a)).toMatchInlineSnapshot(`
      "{
        "benchmark": "qa",
        "models": {
          "m": {
            "metrics": {
              "accuracy": {
                "a": 0,
                "b": 1
              },
              "f1": {
                "a": 1,
                "z": 0.5
              }
            }
          }
        },
        "version": 1
      }
      "
    `)
  })
})

describe('loadBaseline', () => {
  const dir = mkdtemp(join(tmpdir(), 'evalsuite-baseline-'))
  afterAll(async () => rm(await dir, { recursive: true, force: true }))

  it('reads back what writeBaseline wrote, and gives null for a missing file', async () => {
    const file = join(await dir, 'nested', 'qa.json')
    expect(await loadBaseline(file, 'qa.json')).toBeNull()
    const baseline: Baseline = { version: 1, benchmark: 'qa', models: { m: { metrics: { accuracy: { a: 1 } } } } }
    await writeBaseline(file, baseline)
    expect(await loadBaseline(file, 'qa.json')).toEqual(baseline)
    expect(await readFile(file, 'utf8')).toBe(serializeBaseline(baseline))
  })

  it('names the file and the field of a broken baseline, and says how to rewrite it', async () => {
    const file = join(await dir, 'broken.json')
    await writeFile(file, '{"version":1,"benchmark":"qa","models":{"m":{"metrics":{"accuracy":{"a":"yes"}}}}}')
    await expect(loadBaseline(file, 'evals/__baselines__/qa.json')).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: evals/__baselines__/qa.json: not a baseline file: models.m.metrics.accuracy.a: Invalid input: expected number, received string. Rewrite it with "vitest run -u".]`,
    )
    await writeFile(file, '{"version":1,')
    await expect(loadBaseline(file, 'qa.json')).rejects.toThrow(
      /^qa.json: not valid JSON \(.*\)\. Restore it from git, or rewrite it with "vitest run -u"\.$/,
    )
  })

  it("removes what a writer killed half-way left beside the baselines, and leaves a live writer's alone", async () => {
    const folder = join(await dir, 'killed')
    await mkdir(folder)
    const uuid = '0a1b2c3d-4e5f-4061-8293-a4b5c6d7e8f9'
    // no process has an id this large; this test's parent runs while it does
    const [dead, live] = [`qa.json.99999999-${uuid}.tmp`, `qa.json.${process.ppid}-${uuid}.tmp`]
    for (const name of [dead, live]) await writeFile(join(folder, name), '{"version":1,')
    expect(await loadBaseline(join(folder, 'qa.json'), 'qa.json')).toBeNull()
    expect(await readdir(folder)).toEqual([live])
  })
})
