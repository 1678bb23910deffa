import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { addPlugin } from './add-plugin.ts'
import { CONFIG_FILE, EVALS_SCRIPT, EXAMPLE_DATA, EXAMPLE_EVAL } from './init-templates.ts'

/** What `init` did to one file. */
export interface FileStep {
  path: string
  action: 'created' | 'updated' | 'kept'
  note?: string
}

/** Everything `init` did, and what the user still has to do. */
export interface InitResult {
  steps: FileStep[]
  /** True when an existing config could not be edited safely: the user adds the plugin by hand. */
  configUnrecognised: boolean
  /** Packages the project still has to install. */
  missingPackages: string[]
}

const CONFIG_NAMES = [
  'vitest.config.ts',
  'vitest.config.mts',
  'vitest.config.js',
  'vitest.config.mjs',
  'vite.config.ts',
  'vite.config.mts',
  'vite.config.js',
  'vite.config.mjs',
]

async function createIfAbsent(root: string, path: string, content: string): Promise<FileStep> {
  const file = join(root, path)
  if (existsSync(file)) return { path, action: 'kept', note: 'already exists' }
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, content)
  return { path, action: 'created' }
}

/**
 * Whether `.ts` files of the project are ES modules: a new package.json says so, and an existing one without
 * `"type": "module"` makes Node (and Vite, loading the config) read them as CommonJS.
 */
async function isModulePackage(root: string): Promise<boolean> {
  const file = join(root, 'package.json')
  if (!existsSync(file)) return true
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as PackageJson).type === 'module'
  } catch {
    return true
  }
}

async function setUpConfig(root: string): Promise<{ step: FileStep; unrecognised: boolean }> {
  const existing = CONFIG_NAMES.find((name) => existsSync(join(root, name)))
  // a vitest.config.ts in a CommonJS package makes Vite warn on every run that it holds ESM syntax
  const created = (await isModulePackage(root)) ? 'vitest.config.ts' : 'vitest.config.mts'
  if (existing === undefined) return { step: await createIfAbsent(root, created, CONFIG_FILE), unrecognised: false }
  const edit = addPlugin(await readFile(join(root, existing), 'utf8'))
  if (edit.kind === 'present')
    return { step: { path: existing, action: 'kept', note: 'already has the evalsuite plugin' }, unrecognised: false }
  if (edit.kind === 'unrecognised')
    return { step: { path: existing, action: 'kept', note: 'not edited: add the plugin by hand' }, unrecognised: true }
  await writeFile(join(root, existing), edit.text)
  return { step: { path: existing, action: 'updated', note: 'added the evalsuite plugin' }, unrecognised: false }
}

interface PackageJson {
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  [key: string]: unknown
}

async function setUpPackage(root: string): Promise<{ step: FileStep; missing: string[] }> {
  const file = join(root, 'package.json')
  if (!existsSync(file)) {
    const name =
      basename(root)
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-') || 'evals'
    const created = { name, private: true, type: 'module', scripts: { evals: EVALS_SCRIPT } }
    await writeFile(file, `${JSON.stringify(created, null, 2)}\n`)
    return { step: { path: 'package.json', action: 'created' }, missing: ['evalsuite', 'vitest'] }
  }
  const text = await readFile(file, 'utf8')
  let json: PackageJson
  try {
    json = JSON.parse(text) as PackageJson
  } catch (error) {
    throw new Error(`package.json is not valid JSON (${(error as Error).message}); fix it and run init again`, { cause: error })
  }
  const installed = { ...json.dependencies, ...json.devDependencies }
  const missing = ['evalsuite', 'vitest'].filter((name) => installed[name] === undefined)
  const current = json.scripts?.evals
  if (current !== undefined) {
    const note = current === EVALS_SCRIPT ? 'script "evals" already there' : `script "evals" kept as "${current}"`
    return { step: { path: 'package.json', action: 'kept', note }, missing }
  }
  json.scripts = { ...json.scripts, evals: EVALS_SCRIPT }
  // keep the file's own indentation, so the diff is the one added line
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  '
  await writeFile(file, `${JSON.stringify(json, null, indent)}\n`)
  return { step: { path: 'package.json', action: 'updated', note: 'added script "evals"' }, missing }
}

async function setUpGitignore(root: string): Promise<FileStep> {
  const file = join(root, '.gitignore')
  if (!existsSync(file)) {
    await writeFile(file, 'node_modules/\neval-reports/\n')
    return { path: '.gitignore', action: 'created' }
  }
  const text = await readFile(file, 'utf8')
  if (/^\/?eval-reports\/?$/m.test(text)) return { path: '.gitignore', action: 'kept' }
  await writeFile(file, `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}eval-reports/\n`)
  return { path: '.gitignore', action: 'updated', note: 'ignores eval-reports/' }
}

/** Scaffolds an eval suite into `root`: config with the plugin, an example eval and its data, the script; never overwrites. */
export async function initProject(root: string): Promise<InitResult> {
  const config = await setUpConfig(root)
  const example = await createIfAbsent(root, 'evals/example.eval.ts', EXAMPLE_EVAL)
  const data = await createIfAbsent(root, 'evals/data/example.jsonl', EXAMPLE_DATA)
  const pkg = await setUpPackage(root)
  const ignore = await setUpGitignore(root)
  return { steps: [config.step, example, data, pkg.step, ignore], configUnrecognised: config.unrecognised, missingPackages: pkg.missing }
}
