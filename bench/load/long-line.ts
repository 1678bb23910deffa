/**
 * One 50 MB JSONL line, loaded as a dataset, against the floor of reading the file and parsing it with JSON.parse.
 * Streaming joins a line's chunks once; the ratio stays flat as the line grows, where it once grew with it.
 * `npm run bench:long-line`
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { datasets } from '../../src/index.ts'

const dir = mkdtempSync(join(tmpdir(), 'evalsuite-long-line-'))
const ROUNDS = 3

async function time(run: () => unknown): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

try {
  for (const megabytes of [10, 50]) {
    const file = join(dir, `${megabytes}.jsonl`)
    writeFileSync(file, `${JSON.stringify({ input: 'x'.repeat(megabytes * 1e6), target: 'y' })}\n`)
    const load: number[] = []
    const floor: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      load.push(await time(() => datasets.jsonl(file).load()))
      floor.push(
        await time(() =>
          readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as unknown),
        ),
      )
    }
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!
    console.log(
      `${megabytes} MB line: load ${median(load).toFixed(0)} ms, read + JSON.parse ${median(floor).toFixed(0)} ms, ratio ×${(median(load) / median(floor)).toFixed(2)} (target: under 2 s at 50 MB)`,
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
