import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

// which concept folders each folder may import, a folder after those it imports (STYLE.md: dependencies point one way)
const ALLOWED: Record<string, string[]> = {
  schema: [],
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
  // a benchmark's judging policy combines the judge's verdicts with the rule's scores
  judge: ['schema', 'model', 'store', 'scoring'],
  report: ['schema', 'store', 'metrics'],
  // a benchmark's gate tests judge with the reporter's own code (report/gate-judging.ts)
  benchmark: ['schema', 'random', 'dataset', 'model', 'agent', 'metrics', 'scoring', 'judge', 'report', 'prompt', 'selection'],
  // early stopping watches the gates a benchmark's options set
  'early-stop': ['schema', 'metrics', 'benchmark'],
  // a choice by log-probability letters its options as the benchmark's prompt does
  inference: ['schema', 'model', 'agent', 'prompt', 'benchmark'],
  // the sample run reads a benchmark's baseline for early stopping as the gate tests do (report/gate-judging.ts)
  'sample-run': ['schema', 'store', 'model', 'agent', 'scoring', 'judge', 'report', 'selection', 'benchmark', 'inference', 'early-stop'],
  // a built-in that measures a judge (llmbar) defines its judge with judge.*, a layer below benchmark
  benchmarks: ['schema', 'sandbox', 'dataset', 'agent', 'scoring', 'judge', 'prompt', 'selection', 'benchmark'],
  // every contact with Vitest; the core below it never imports it (nor 'vitest', see below)
  vitest: ['schema', 'store', 'dataset', 'model', 'agent', 'metrics', 'scoring', 'judge', 'selection', 'benchmark', 'inference', 'early-stop', 'sample-run', 'report'],
  // the CLI writes the eval file it runs as every other writer does, atomically (store/write-atomic.ts)
  cli: ['schema', 'dataset', 'model', 'metrics', 'judge', 'benchmark', 'benchmarks', 'report', 'store', 'vitest'],
  '.': ['schema', 'sandbox', 'dataset', 'model', 'agent', 'metrics', 'scoring', 'judge', 'prompt', 'selection', 'benchmark', 'report', 'vitest'],
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
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from '(\.[^']+)'/gm)].map((found) => ({
    from: file,
    to: resolve(dirname(file), found[1] as string),
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

// schema/names.ts is the schema folder's second door: the names the plugin needs before zod may load (plugin.ts);
// report/gate-judging.ts the report folder's: what gate tests judge with, without the report's renderers;
// vitest/plugin.ts the vitest folder's: the package's plugin entry, without the benchmark core index.ts loads;
// benchmarks/qa/answer-line.ts the built-ins': the ANSWER: line qa asks for, which the CLI's quick eval asks for too
// and evalsuite/benchmarks (the index) does not publish;
// vitest/run-vitest.ts the vitest folder's other: the CLI's start of Vitest, whose Node side (Vite) index.ts would load
// into every worker
const DOORS = ['/index.ts', '/schema/names.ts', '/report/gate-judging.ts', '/vitest/plugin.ts', '/vitest/run-vitest.ts', '/benchmarks/qa/answer-line.ts']

it('crosses into another folder only through its index.ts (or schema/names.ts, report/gate-judging.ts, vitest/plugin.ts, vitest/run-vitest.ts, benchmarks/qa/answer-line.ts)', () => {
  const violations = imports
    .filter(({ from, to }) => folderOf(from) !== folderOf(to) && folderOf(to) !== '.' && !DOORS.some((door) => to.endsWith(door)))
    .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
  expect(violations).toEqual([])
})

it('never imports the public entry point from inside src', () => {
  expect(imports.filter(({ to }) => to === join(SRC, 'index.ts')).map(({ from }) => relative(SRC, from))).toEqual([])
})

// type-only imports of Vitest outside src/vitest/, each unavoidable: the reason is in a comment above each
const VITEST_TYPES_OUTSIDE = ['benchmark/benchmark-options.ts']

it('touches Vitest only in src/vitest/', () => {
  const outside = sourceFiles(SRC)
    .filter((file) => folderOf(file) !== 'vitest')
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^(import|export)( type)?[^'"`]*from 'vitest(\/[a-z]+)?'/gm)]
        .filter((found) => found[2] === undefined || !VITEST_TYPES_OUTSIDE.includes(relative(SRC, file)))
        .map((found) => `${relative(SRC, file)}: ${found[0]}`),
    )
  expect(outside).toEqual([])
})
