import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'
import { z } from 'zod'
import { loadKeyedStore } from '../../src/store/index.ts'

// Another writer's save may fold a journal into the file and remove it between this writer's listing of the journals
// and its reading of them (CI met it: a writer died on ENOENT). The race is made here at the moment it happens: the
// first read of a journal runs that save first.
const race = vi.hoisted(() => ({ beforeRead: undefined as ((path: string) => void) | undefined }))
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>()
  const readFileSync = ((path: string, options: unknown) => {
    race.beforeRead?.(String(path))
    return (fs.readFileSync as (path: string, options: unknown) => unknown)(path, options)
  }) as typeof fs.readFileSync
  return { ...fs, default: { ...fs, readFileSync }, readFileSync }
})

const Entry = z.object({ key: z.string(), writer: z.string() })
const line = (key: string, writer: string): string => `${JSON.stringify({ key, writer })}\n`

it('sees the entries of a journal that another writer folded into the file while this one was loading it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-fold-race-'))
  const file = join(dir, 'shared.jsonl')
  // a journal of a writer that died: any writer's save folds it
  const journal = `${file}.99999999-0-abcdef12.pending.jsonl`
  writeFileSync(file, line('a-1', 'a'))
  writeFileSync(journal, line('b-1', 'b'))
  let folded = false
  race.beforeRead = (path) => {
    if (path !== journal || folded) return
    folded = true
    // the other writer's save: the file rewritten with the journal's entries, then the journal removed
    writeFileSync(file, line('a-1', 'a') + line('b-1', 'b'))
    rmSync(journal)
  }
  try {
    const store = loadKeyedStore(file, { schema: Entry })
    expect(folded).toBe(true)
    expect([...store.entries()].map((entry) => entry.key).sort()).toEqual(['a-1', 'b-1'])
    // the lock taken to read again is gone
    expect(readdirSync(dir)).toEqual(['shared.jsonl'])
  } finally {
    race.beforeRead = undefined
  }
})
