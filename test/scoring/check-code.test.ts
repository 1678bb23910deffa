import { describe, expect, it } from 'vitest'
import { checkCode } from '../../src/scoring/index.ts'

// the sandbox loads with the first program a worker runs; the programs of every sample started before it has loaded
// still share one pool for the same options, and so its bound on how many run at once
describe('programs checked side by side', () => {
  it('started together before the sandbox has loaded, run at most `concurrency` at a time', async () => {
    const program = '```python\nimport time\ntime.sleep(0.3)\n```'
    const started = performance.now()
    const checks = await Promise.all(
      Array.from({ length: 6 }, () => checkCode(program, 'assert True', { sandbox: { concurrency: 2, timeoutMs: 10_000 } })),
    )
    expect(checks.map((check) => check.pass)).toEqual(Array(6).fill(true))
    // six programs of 0.3 s, two at a time, cannot end sooner than three rounds of them: a pool of their own for each
    // (six at once) would take about one
    expect(performance.now() - started).toBeGreaterThanOrEqual(850)
  })
})
