import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadKeyedStore } from '../../src/store/index.ts'

const WRITER = fileURLToPath(new URL('./concurrent-writer.ts', import.meta.url))
const Entry = z.object({ key: z.string(), writer: z.string(), n: z.number() })

function write(file: string, writer: string, count: number): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, writer, String(count)], { stdio: 'inherit' })
  return new Promise((resolve) => child.on('close', resolve))
}

it('loses no entry when several processes write and save the same file at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'shared.jsonl')
  const codes = await Promise.all(['a', 'b', 'c', 'd'].map((writer) => write(file, writer, 60)))
  expect(codes).toEqual([0, 0, 0, 0])
  const keys = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => Entry.parse(JSON.parse(line)).key)
  expect(keys).toHaveLength(240)
  expect(keys).toEqual([...keys].sort())
  expect(readdirSync(dir)).toEqual(['shared.jsonl'])
})

it("keeps a live writer's journal when another writer saves, and folds it once that writer saves", () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'shared.jsonl')
  // a journal named for a process that is running (this one's parent) and another thread: not this writer's to remove
  const live = `${file}.${process.ppid}-7-abcdef12.pending.jsonl`
  writeFileSync(live, `${JSON.stringify({ key: 'live-1', writer: 'live', n: 1 })}\n`)
  const store = loadKeyedStore(file, { schema: Entry })
  store.put({ key: 'own-1', writer: 'own', n: 1 })
  store.save()
  expect(readdirSync(dir).sort()).toEqual(['shared.jsonl', basename(live)])
  expect(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).key),
  ).toEqual(['live-1', 'own-1'])
})

it('folds and removes the journal of a writer that died without saving', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'shared.jsonl')
  // no process has an id this large
  writeFileSync(`${file}.99999999-0-abcdef12.pending.jsonl`, `${JSON.stringify({ key: 'dead-1', writer: 'dead', n: 1 })}\n`)
  const store = loadKeyedStore(file, { schema: Entry })
  expect(store.get('dead-1')?.writer).toBe('dead')
  store.save()
  expect(readdirSync(dir)).toEqual(['shared.jsonl'])
})

it('folds the journals of a Unicode-named file that the file system lists decomposed (as HFS+ does)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'тест-й.jsonl'.normalize('NFC'))
  writeFileSync(
    join(dir, `${basename(file).normalize('NFD')}.99999999-0-abcdef12.pending.jsonl`),
    `${JSON.stringify({ key: 'dead-1', writer: 'dead', n: 1 })}\n`,
  )
  const store = loadKeyedStore(file, { schema: Entry })
  expect(store.get('dead-1')?.writer).toBe('dead')
  store.save()
  expect(readdirSync(dir)).toEqual([basename(file)])
})

it("leaves alone the journals of another file whose name starts with this one's", () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'a.jsonl')
  const other = join(dir, 'a.jsonl.jsonl.99999999-0-abcdef12.pending.jsonl')
  writeFileSync(other, `${JSON.stringify({ key: 'other-1', writer: 'other', n: 1 })}\n`)
  const store = loadKeyedStore(file, { schema: Entry })
  expect(store.get('other-1')).toBeUndefined()
  store.put({ key: 'own-1', writer: 'own', n: 1 })
  store.save()
  expect(readdirSync(dir).sort()).toEqual(['a.jsonl', basename(other)])
})

describe('dropping keys', () => {
  const entry = (key: string, writer: string) => ({ key, writer, n: 1 })
  const keysIn = (file: string): string[] =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).key)

  it('drops what it loaded from the file, and keeps what a running writer journaled, before or since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
    const file = join(dir, 'shared.jsonl')
    writeFileSync(file, `${JSON.stringify(entry('old', 'past'))}\n`)
    const live = `${file}.${process.ppid}-7-abcdef12.pending.jsonl`
    writeFileSync(live, `${JSON.stringify(entry('theirs', 'live'))}\n`)
    const store = loadKeyedStore(file, { schema: Entry })
    expect([store.isForeign('theirs'), store.isForeign('old')]).toEqual([true, false])
    // the running writer journals again, a key this one loaded from the file among them
    writeFileSync(live, `${JSON.stringify(entry('theirs', 'live'))}\n${JSON.stringify(entry('later', 'live'))}\n`)
    expect([...store.save({ drop: new Set(['old', 'theirs', 'later']) })]).toEqual(['old'])
    expect(keysIn(file)).toEqual(['later', 'theirs'])
  })

  it("drops nothing once another writer saved the file since it was loaded: the file may hold that writer's entries", () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
    const file = join(dir, 'shared.jsonl')
    writeFileSync(file, `${JSON.stringify(entry('old', 'past'))}\n`)
    const mine = loadKeyedStore(file, { schema: Entry })
    const other = loadKeyedStore(file, { schema: Entry })
    other.put(entry('old', 'other'))
    other.save()
    expect([...mine.save({ drop: new Set(['old']) })]).toEqual([])
    expect(keysIn(file)).toEqual(['old'])
    // once it has seen the file as it now is, what it loads again is its own to drop
    expect([...loadKeyedStore(file, { schema: Entry }).save({ drop: new Set(['old']) })]).toEqual(['old'])
  })
})

it('writes no provider key into its file, whoever put the entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-store-'))
  const file = join(dir, 'keys.jsonl')
  const key = `gsk_${'Zz90'.repeat(13)}`
  const store = loadKeyedStore(file, { schema: z.object({ key: z.string(), writer: z.string(), n: z.number() }) })
  store.put({ key: 'k1', writer: `echoed Authorization: Bearer ${key}`, n: 1 })
  expect(store.get('k1')?.writer).toBe('echoed Authorization: Bearer ***')
  const journal = readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('')
  store.save()
  for (const text of [journal, readFileSync(file, 'utf8')]) {
    expect(text).not.toContain(key.slice(4))
    expect(text).toContain('Bearer ***')
  }
})
