import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.ts'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** A folder outside the working directory with `tree/` to validate and `outside/` beside it. */
function world(): { root: string; tree: string } {
  const root = mkdtempSync(join(tmpdir(), 'evalsuite-walk-'))
  roots.push(root)
  mkdirSync(join(root, 'tree', 'sub'), { recursive: true })
  mkdirSync(join(root, 'outside'))
  writeFileSync(join(root, 'tree', 'a.jsonl'), '{"question": "q", "answer": "a"}\n')
  writeFileSync(join(root, 'tree', 'sub', 'b.jsonl'), '{"question": "r", "answer": "b"}\n')
  writeFileSync(join(root, 'outside', 'c.jsonl'), '{"question": "s", "answer": "c"}\n')
  return { root, tree: join(root, 'tree') }
}

async function validate(root: string, ...args: string[]): Promise<{ code: number; out: string }> {
  let out = ''
  const write = (text: string): void => void (out += text)
  const code = await runCli(['validate', ...args], { stdout: { write }, stderr: { write } })
  return { code, out: out.replaceAll(root, '<root>') }
}

const summaryLines = (out: string): string[] => out.split('\n').filter((line) => /: (valid|invalid|skipped)|^\d+ files/.test(line))

describe('evalsuite validate walking a folder', () => {
  it('reads each file once in a tree with two link loops, within a second', async () => {
    const { root, tree } = world()
    symlinkSync(tree, join(tree, 'sub', 'up'))
    symlinkSync(join(tree, 'sub'), join(tree, 'sub', 'again'))
    const started = performance.now()
    const run = await validate(root, tree)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(run.code).toBe(0)
    expect(summaryLines(run.out)).toEqual([
      '<root>/tree/sub/again: skipped, a link to a folder, not followed (its own files are read where they lie)',
      '<root>/tree/sub/up: skipped, a link to a folder, not followed (its own files are read where they lie)',
      '<root>/tree/a.jsonl: valid',
      '<root>/tree/sub/b.jsonl: valid',
      '2 files: 2 valid, 0 invalid, 2 skipped',
    ])
  })

  it('skips a link that leads out of the tree, and a named pipe called p.jsonl, saying so and without waiting on the pipe', async () => {
    const { root, tree } = world()
    symlinkSync(join(root, 'outside', 'c.jsonl'), join(tree, 'c.jsonl'))
    symlinkSync(join(root, 'outside'), join(tree, 'more'))
    execFileSync('mkfifo', [join(tree, 'sub', 'p.jsonl')])
    const started = performance.now()
    const run = await validate(root, tree)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(run.code).toBe(0)
    expect(summaryLines(run.out)).toEqual([
      '<root>/tree/c.jsonl: skipped, a link that leads out of the folder (to <root>/outside/c.jsonl)',
      '<root>/tree/more: skipped, a link to a folder, not followed (its own files are read where they lie)',
      '<root>/tree/sub/p.jsonl: skipped, a named pipe (FIFO), not a regular file',
      '<root>/tree/a.jsonl: valid',
      '<root>/tree/sub/b.jsonl: valid',
      '2 files: 2 valid, 0 invalid, 3 skipped',
    ])
  })

  it('refuses a named pipe named on the command line as a data file, without waiting on it', async () => {
    const { root, tree } = world()
    execFileSync('mkfifo', [join(tree, 'p.jsonl')])
    const run = await validate(root, join(tree, 'p.jsonl'))
    expect(run.code).toBe(1)
    expect(run.out).toContain('<root>/tree/p.jsonl: is a named pipe (FIFO), not a regular file; name a data file or a folder of them')
  })
})
