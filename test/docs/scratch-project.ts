import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isCompiled, type CodeBlock, type DocProject } from './code-blocks.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The generated tree of the docs' code: a module per compiled block, and a folder per page's project. */
export interface Scratch {
  /** The compiled modules, by path relative to the scratch folder, each with the block it came from. */
  modules: Map<string, CodeBlock>
  /** Each project's folder, by page. */
  projectDirs: Map<string, string>
}

// what the Install section has a user write, for a page that shows only its evals and data
const DEFAULT_CONFIG = `import { defineConfig } from 'vitest/config'
import { evalsuite } from 'evalsuite/plugin'

export default defineConfig({ plugins: [evalsuite()] })
`

const CONFIG_FILE = /^vite(st)?\.config\.[cm]?[jt]s$/

// a user's project compiles with strict settings and no more: the docs may not assume this repository's extra flags
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    moduleDetection: 'force',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
  },
}

/**
 * Writes the docs' code into `dir`, a folder inside this repository so that `vitest`, `zod` and the other packages a
 * user installs beside evalsuite resolve from its node_modules. evalsuite itself is installed as in
 * test/cli/init.test.ts: `node_modules/evalsuite` links to this package, so its `exports` lead to the built dist/.
 */
export function writeScratch(dir: string, blocks: CodeBlock[], projects: DocProject[]): Scratch {
  const modules = new Map<string, CodeBlock>()
  const projectDirs = new Map<string, string>()
  writeFile(dir, 'package.json', JSON.stringify({ private: true, type: 'module' }, null, 2))
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(ROOT, join(dir, 'node_modules', 'evalsuite'), 'dir')
  // each block its own module, under its page's name, so that blocks of different pages never share a name
  for (const block of blocks.filter((block) => isCompiled(block) && block.file === undefined)) {
    modules.set(writeFile(dir, join('blocks', block.page, `L${block.line}.ts`), block.code), block)
  }
  for (const project of projects) {
    const folder = join('projects', project.page)
    projectDirs.set(project.page, join(dir, folder))
    for (const block of project.files) {
      const path = writeFile(dir, join(folder, block.file ?? ''), block.code)
      if (isCompiled(block)) modules.set(path, block)
    }
    if (project.runnable && !project.files.some((block) => CONFIG_FILE.test(block.file ?? ''))) {
      writeFile(dir, join(folder, 'vitest.config.ts'), DEFAULT_CONFIG)
    }
  }
  writeFile(dir, 'tsconfig.json', JSON.stringify({ ...TSCONFIG, files: [...modules.keys()] }, null, 2))
  return { modules, projectDirs }
}

function writeFile(dir: string, path: string, text: string): string {
  const target = join(dir, path)
  if (existsSync(target)) throw new Error(`The scratch project already has ${path}`)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, text)
  return path
}
