import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runVitest } from '../e2e/run-fixture.ts'
import { scratchFolder } from '../support/fixture-copy.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { extractCodeBlocks, groupProjects } from './code-blocks.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

// what `npm init -y` writes with npm 11: a CommonJS package, where Vite warns about a `.ts` config written in ESM
const NPM_INIT = {
  name: 'plain',
  version: '1.0.0',
  main: 'index.js',
  scripts: { test: 'echo "Error: no test specified" && exit 1' },
  keywords: [],
  author: '',
  license: 'ISC',
  description: '',
  type: 'commonjs',
}

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server?.close())

it("runs the README's config and quick start in a package as `npm init -y` makes it, without Vite's ESM warning", async () => {
  const { blocks } = extractCodeBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'), 'README.md')
  const [readme] = groupProjects(blocks).projects
  const files = readme?.files ?? []
  expect(files.some((file) => /^vitest\.config\.[cm]?[jt]s$/.test(file.file ?? ''))).toBe(true)
  const dir = scratchFolder('readme-install')
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(ROOT, join(dir, 'node_modules', 'evalsuite'), 'dir')
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(NPM_INIT, null, 2)}\n`)
  for (const file of files) {
    mkdirSync(join(dir, file.file!, '..'), { recursive: true })
    writeFileSync(join(dir, file.file!), file.code)
  }
  const run = await runVitest(['evals'], { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-docs-dummy' }, dir)
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(run.stdout + run.stderr).not.toMatch(/ESM syntax|CommonJS|"type": "module"/)
})
