import { mkdir, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** A generated Vitest project with one benchmark over `samples` records. */
export interface Fixture {
  dir: string
  dataFile: string
  reportFile: string
  samples: number
}

function importPath(from: string, to: string): string {
  const path = relative(from, to).split('\\').join('/')
  return path.startsWith('.') ? path : `./${path}`
}

function answerOf(index: number): string {
  return String((index * 7919) % 100_003)
}

export async function writeFixture(dir: string, repoRoot: string, samples: number, concurrency: number): Promise<Fixture> {
  await mkdir(join(dir, 'evals'), { recursive: true })
  const plugin = importPath(dir, join(repoRoot, 'src/plugin.ts'))
  const index = importPath(dir, join(repoRoot, 'src/index.ts'))
  const config = `import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from '${plugin}'

export default defineConfig({
  resolve: { alias: [{ find: /^evalsuite$/, replacement: fileURLToPath(new URL('${index}', import.meta.url)) }] },
  plugins: [evalsuite({ recordings: { mode: 'live' } })],
})
`
  const evalFile = `import { datasets, describeBenchmark, models } from 'evalsuite'

describeBenchmark('bench', {
  dataset: datasets.jsonl('data.jsonl'),
  model: models.openai({ model: 'fake-model', maxRetries: 0 }),
  concurrency: ${concurrency},
})
`
  const lines: string[] = []
  for (let i = 1; i <= samples; i++) {
    const answer = answerOf(i)
    lines.push(JSON.stringify({ id: `s${i}`, input: `Reply with: ${answer}`, target: answer }))
  }
  const dataFile = join(dir, 'data.jsonl')
  await writeFile(join(dir, 'vitest.config.ts'), config)
  await writeFile(join(dir, 'evals/bench.eval.ts'), evalFile)
  await writeFile(dataFile, `${lines.join('\n')}\n`)
  return { dir, dataFile, reportFile: join(dir, 'eval-reports/bench.json'), samples }
}
