import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))

// which concept folders each folder may import (STYLE.md: dependencies point one way)
const ALLOWED: Record<string, string[]> = {
  schema: [],
  store: [],
  dataset: ['schema'],
  model: ['schema', 'store'],
  metrics: ['schema'],
  scoring: ['schema'],
  judge: ['schema', 'model', 'store'],
  benchmark: ['schema', 'dataset', 'model', 'scoring', 'judge'],
  benchmarks: ['schema', 'dataset', 'scoring', 'benchmark'],
  report: ['schema', 'metrics'],
  cli: ['.', 'schema', 'dataset', 'model', 'judge', 'benchmark', 'benchmarks'],
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

it('crosses into another folder only through its index.ts', () => {
  const violations = imports
    .filter(({ from, to }) => folderOf(from) !== folderOf(to) && folderOf(to) !== '.' && !to.endsWith('/index.ts'))
    .map(({ from, to }) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
  expect(violations).toEqual([])
})

it('never imports the public entry point from inside src', () => {
  expect(imports.filter(({ to }) => to === join(SRC, 'index.ts')).map(({ from }) => relative(SRC, from))).toEqual([])
})
