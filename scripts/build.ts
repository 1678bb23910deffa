// Builds dist/: the type declarations with tsc, one per source file, and the JavaScript with rolldown, bundled into
// a few files. A run loads evalsuite in its main process and in every worker; as a dozen files instead of 120 modules
// it starts about 50 ms sooner (bench/README.md).
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The package's entry points, and the files its code finds by URL (the plugin's setup file, the quick eval's suite).
 * Every file of dist/ sits in dist/ itself, so a URL relative to one file means the same in any other.
 */
const ENTRIES = {
  index: 'src/index.ts',
  plugin: 'src/plugin.ts',
  setup: 'src/vitest/setup.ts',
  benchmarks: 'src/benchmarks/index.ts',
  cli: 'src/cli/main.ts',
  'cli-suite': 'src/cli/quick-eval/suite.ts',
}

/**
 * Dependencies bundled into dist/ rather than imported where the package is installed. zod's package loads about a
 * hundred modules, every locale among them, which cost each worker about 30 ms before its first test; bundled, only
 * what evalsuite uses is loaded. zod is made to run as several copies side by side (its registry and configuration
 * live on globalThis, and `instanceof` checks traits), so users' own schemas, such as a judge's verdict schema, still
 * work; the package keeps depending on zod for its type declarations and for users.
 */
const BUNDLED = ['zod']

const isBundled = (id: string): boolean => BUNDLED.some((name) => id === name || id.startsWith(`${name}/`))

// a bundled dependency's license travels with its code
function writeLicenses(): void {
  const notices = BUNDLED.map((name) => {
    const dir = join(ROOT, 'node_modules', name)
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
    return `${name} ${version}\n\n${readFileSync(join(dir, 'LICENSE'), 'utf8').trim()}\n`
  })
  writeFileSync(
    join(ROOT, 'dist', 'THIRD-PARTY-LICENSES.txt'),
    `The files of dist/ include code from these packages:\n\n${notices.join('\n')}`,
  )
}

/** Builds dist/ from src/. */
export async function buildPackage(): Promise<void> {
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true })
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  await build({
    cwd: ROOT,
    input: ENTRIES,
    // other dependencies and Node's modules stay imports, resolved where the package is installed
    external: (id) => !id.startsWith('.') && !isAbsolute(id) && !isBundled(id),
    platform: 'node',
    logLevel: 'warn',
    // no source maps: the package ships no src/ for them to show, and Vitest reads and parses the map of every file in an
    // error's stack, once per failed test: 1,000 errored samples took 12.9 s with them and 6.0 s without
    output: { dir: 'dist', format: 'esm', sourcemap: false, chunkFileNames: '[name]-[hash].js' },
  })
  writeLicenses()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackage()
