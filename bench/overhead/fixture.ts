import { cp, mkdir, writeFile } from 'node:fs/promises'
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

/**
 * Writes the project. By default it runs evalsuite from source (`src/`, through an alias); `installed` gives it
 * its own package.json and the built package (`dist/`, built beforehand) in its node_modules, as a user has it.
 */
export async function writeFixture(
  dir: string,
  repoRoot: string,
  samples: number,
  concurrency: number,
  installed = false,
): Promise<Fixture> {
  await mkdir(join(dir, 'evals'), { recursive: true })
  const plugin = importPath(dir, join(repoRoot, 'src/plugin.ts'))
  const index = importPath(dir, join(repoRoot, 'src/index.ts'))
  const fromSource = `import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from '${plugin}'

export default defineConfig({
  resolve: { alias: [{ find: /^evalsuite$/, replacement: fileURLToPath(new URL('${index}', import.meta.url)) }] },
  plugins: [evalsuite({ recordings: { mode: 'live' } })],
})
`
  const fromPackage = `import { defineConfig } from 'vitest/config'
import { evalsuite } from 'evalsuite/plugin'

export default defineConfig({ plugins: [evalsuite({ recordings: { mode: 'live' } })] })
`
  const config = installed ? fromPackage : fromSource
  if (installed) {
    const target = join(dir, 'node_modules/evalsuite')
    await cp(join(repoRoot, 'dist'), join(target, 'dist'), { recursive: true })
    await cp(join(repoRoot, 'package.json'), join(target, 'package.json'))
    await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench-fixture', private: true, type: 'module' })}\n`)
  }
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
