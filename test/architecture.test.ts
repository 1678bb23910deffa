import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

// which concept folders each folder may import (STYLE.md: dependencies point one way)
const ALLOWED: Record<string, string[]> = {
  schema: [],
  store: [],
  random: [],
  dataset: ['schema'],
  model: ['schema', 'store'],
  metrics: ['schema', 'random'],
  scoring: ['schema'],
  judge: ['schema', 'model', 'store'],
  // a benchmark's gate tests judge with the reporter's own code (report/gate-judging.ts)
  benchmark: ['schema', 'random', 'dataset', 'model', 'metrics', 'scoring', 'judge', 'report'],
  // a built-in that measures a judge (llmbar) defines its judge with judge.*, a layer below benchmark
  benchmarks: ['schema', 'dataset', 'scoring', 'judge', 'benchmark'],
  report: ['schema', 'store', 'metrics'],
  cli: ['.', 'schema', 'dataset', 'model', 'metrics', 'judge', 'benchmark', 'benchmarks', 'report'],
  '.': ['schema', 'dataset', 'model', 'metrics', 'scoring', 'judge', 'benchmark', 'report'],
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

// schema/names.ts is the schema folder's second door: the names the plugin needs before zod may load (plugin.ts);
// report/gate-judging.ts the report folder's: what gate tests judge with, without the reporters the plugin loads
const DOORS = ['/index.ts', '/schema/names.ts', '/report/gate-judging.ts']

it('crosses into another folder only through its index.ts (or schema/names.ts, report/gate-judging.ts)', () => {
  const violations = imports
    .filter(({ from, to }) => folderOf(from) !== folderOf(to) && folderOf(to) !== '.' && !DOORS.some((door) => to.endsWith(door)))
    .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
  expect(violations).toEqual([])
})

it('never imports the public entry point from inside src', () => {
  expect(imports.filter(({ to }) => to === join(SRC, 'index.ts')).map(({ from }) => relative(SRC, from))).toEqual([])
})
