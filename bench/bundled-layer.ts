// The model layer and the tool loop of a source tree, bundled by rolldown as the package is, for the benches that call
// them directly: tsx, which runs the benches, wraps every function it creates in a naming helper (esbuild's keepNames),
// a cost for each closure of a call that users of the built package never pay.
import { mkdir, writeFile } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'rolldown'
import type { createToolLoop, runAgent } from '../src/agent/index.ts'
import type { models } from '../src/model/index.ts'

/** What the benches call of a bundled source tree. */
export interface Layer {
  models: typeof models
  createToolLoop: typeof createToolLoop
  runAgent: typeof runAgent
}

/** Bundles `root`'s model layer and tool loop into `root`/bench/results/work-model-call/`name`, and loads it. */
export async function bundledLayer(root: string, name: string): Promise<Layer> {
  const out = join(root, 'bench/results/work-model-call', name)
  const entry = join(out, 'entry.ts')
  await mkdir(out, { recursive: true })
  await writeFile(
    entry,
    `export { models } from '${join(root, 'src/model/index.ts')}'\nexport { createToolLoop, runAgent } from '${join(root, 'src/agent/index.ts')}'\n`,
  )
  await build({
    cwd: root,
    input: { layer: entry },
    // dependencies resolve from the tree's own node_modules; zod is bundled, as the package bundles it
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && id !== 'zod' && !id.startsWith('zod/'),
    platform: 'node',
    logLevel: 'warn',
    output: { dir: out, format: 'esm' },
  })
  return (await import(pathToFileURL(join(out, 'layer.js')).href)) as Layer
}
