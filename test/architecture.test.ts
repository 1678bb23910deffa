import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

// which concept folders each folder may import, a folder after those it imports (STYLE.md: dependencies point one way);
// CONTRIBUTING.md says the same in words
const ALLOWED: Record<string, string[]> = {
  // the names the plugin needs before zod may load
  names: [],
  schema: ['names'],
  store: [],
  random: [],
  // runs a model's programs; knows nothing of benchmarks
  sandbox: [],
  dataset: ['schema'],
  model: ['schema', 'store'],
  // an agent's tool loop around a model, its tool recordings and trajectories; knows nothing of benchmarks
  agent: ['schema', 'store', 'model'],
  metrics: ['schema', 'random'],
  // a code check runs the program in the sandbox; one sandbox a set of options is keyed by their stable hash
  scoring: ['schema', 'store', 'sandbox'],
  prompt: ['schema', 'dataset', 'random'],
  // circular evaluation rotates a sample's options, lettered as prompts letter them
  selection: ['schema', 'random', 'prompt'],
  // a benchmark's scoring policy combines the judge's verdicts with the rule's scores
  judge: ['schema', 'model', 'store', 'scoring'],
  // what finished tests leave: one record per sample, grouped into runs
  records: ['schema', 'metrics'],
  baseline: ['schema', 'store', 'metrics', 'records'],
  gates: ['schema', 'metrics', 'records'],
  benchmark: ['schema', 'random', 'dataset', 'model', 'agent', 'metrics', 'scoring', 'judge', 'prompt', 'selection'],
  // builds a benchmark's report from its records, its baseline and its gates
  report: ['schema', 'store', 'metrics', 'records', 'baseline', 'gates'],
  // one sample's run: inference, scoring, judging, early stopping against the baseline
  run: ['schema', 'store', 'model', 'agent', 'metrics', 'scoring', 'judge', 'prompt', 'selection', 'benchmark', 'baseline'],
  // a built-in that measures a judge (llmbar) defines its judge with judge.*, a layer below benchmark
  benchmarks: ['schema', 'sandbox', 'dataset', 'agent', 'scoring', 'judge', 'prompt', 'selection', 'benchmark'],
  render: ['schema', 'store', 'metrics', 'records', 'gates', 'report'],
  // the end of a run in the main process: reports built, rendered and written, baselines updated, the outcome decided
  finish: ['schema', 'store', 'metrics', 'records', 'baseline', 'gates', 'report', 'render'],
  // the main process's side of Vitest: the Vite plugin, the reporters, starting Vitest
  plugin: ['names', 'schema', 'store', 'metrics', 'records', 'finish'],
  // the workers' side of Vitest: describeBenchmark, its tests and hooks, the matchers
  vitest: [
    'schema',
    'store',
    'dataset',
    'model',
    'agent',
    'metrics',
    'scoring',
    'judge',
    'selection',
    'records',
    'gates',
    'benchmark',
    'report',
    'run',
    'plugin',
  ],
  // the CLI writes the eval file it runs as every other writer does, atomically (store/write-atomic.ts)
  cli: ['schema', 'dataset', 'model', 'metrics', 'judge', 'prompt', 'benchmark', 'benchmarks', 'render', 'store', 'plugin', 'vitest'],
  '.': [
    'schema',
    'sandbox',
    'dataset',
    'model',
    'agent',
    'metrics',
    'scoring',
    'judge',
    'prompt',
    'selection',
    'benchmark',
    'report',
    'plugin',
    'vitest',
  ],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

function folderOf(file: string): string {
  const [first, ...rest] = relative(SRC, file).split('/')
  return rest.length === 0 ? '.' : (first as string)
}

const imports = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from '(\.[^']+)'|\bimport\('(\.[^']+)'\)/gm)].map((found) => ({
    from: file,
    to: resolve(dirname(file), (found[1] ?? found[2]) as string),
  })),
)

it('keeps dependencies between concept folders pointing one way', () => {
  const violations = imports
    .filter(({ from, to }) => folderOf(from) !== folderOf(to) && !to.endsWith('/errors.ts'))
    .filter(({ from, to }) => !(ALLOWED[folderOf(from)] ?? []).includes(folderOf(to)))
    .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
  expect(violations).toEqual([])
})

it('lists each folder after every folder it may import, so that no two folders can import each other', () => {
  const folders = Object.keys(ALLOWED)
  const upward = folders.flatMap((folder, index) =>
    (ALLOWED[folder] ?? []).filter((imported) => !folders.slice(0, index).includes(imported)).map((imported) => `${folder} -> ${imported}`),
  )
  expect(upward).toEqual([])
})

it('crosses into another folder only through its index.ts', () => {
  const violations = imports
    .filter(({ from, to }) => folderOf(from) !== folderOf(to) && folderOf(to) !== '.' && to !== join(SRC, folderOf(to), 'index.ts'))
    .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
  expect(violations).toEqual([])
})

it('never imports the public entry point from inside src', () => {
  expect(imports.filter(({ to }) => to === join(SRC, 'index.ts')).map(({ from }) => relative(SRC, from))).toEqual([])
})

// type-only imports of Vitest outside src/vitest/ and src/plugin/, each unavoidable: the reason is in a comment above each
const VITEST_TYPES_OUTSIDE = ['benchmark/benchmark-options.ts']

it('touches Vitest only in src/vitest/ (the workers) and src/plugin/ (the main process)', () => {
  const outside = sourceFiles(SRC)
    .filter((file) => folderOf(file) !== 'vitest' && folderOf(file) !== 'plugin')
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^(import|export)( type)?[^'"`]*from 'vitest(\/[a-z]+)?'/gm)]
        .filter((found) => found[2] === undefined || !VITEST_TYPES_OUTSIDE.includes(relative(SRC, file)))
        .map((found) => `${relative(SRC, file)}: ${found[0]}`),
    )
  expect(outside).toEqual([])
})
