import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = join(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const cwd = mkdtempSync(join(tmpdir(), 'evalsuite-cli-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

/** Runs the command's entry point in its own process, in a folder of the user's data, as `npx evalsuite` does. */
function evalsuite(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, MAIN, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
      },
    )
  })
}

describe('the evalsuite command, run as a process', () => {
  it('exits 0 for a valid file, printing what it holds', async () => {
    writeFileSync(join(cwd, 'good.jsonl'), '{"question": "2+2?", "answer": "4"}\n')
    const run = await evalsuite('validate', 'good.jsonl')
    expect(run).toEqual({
      code: 0,
      stdout: 'good.jsonl: valid\n  format   JSONL\n  type     qa\n  fields   question, answer\n  samples  1\n',
      stderr: '',
    })
  })

  it('exits 1 for an invalid file, with no stack trace', async () => {
    writeFileSync(join(cwd, 'bad.csv'), 'question,A,B,answer\n2+2?,3,4,E\n')
    const run = await evalsuite('validate', 'bad.csv')
    expect(run).toEqual({
      code: 1,
      stdout: 'bad.csv: invalid, 1 problem\n  bad.csv:2: answer: "E" names no option; the options are A, B\n',
      stderr: '',
    })
  })

  it('exits 2 on a usage error, with one line', async () => {
    expect(await evalsuite('validate', '--bogus')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evalsuite validate: unknown option "--bogus"; see "evalsuite validate --help"\n',
    })
    expect(await evalsuite('validate', 'missing.jsonl')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evalsuite validate: no such file or folder: missing.jsonl\n',
    })
  })

  it('is the package\'s "evalsuite" bin once built: src/cli/main.ts becomes dist/cli.js, which starts with a shebang and runs', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin?: Record<string, string>; version: string }
    expect(manifest.bin).toEqual({ evalsuite: 'dist/cli.js' })
    const built = join(ROOT, 'dist/cli.js')
    expect(readFileSync(built, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    const version = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [built, '--version'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    )
    expect(version.trim()).toBe(manifest.version)
  })
})
