import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileAtomic, writeFileAtomicSync } from '../../src/store/index.ts'

const scratch = (): string => mkdtempSync(join(tmpdir(), 'evalsuite-atomic-'))

describe.each([
  ['writeFileAtomic', writeFileAtomic],
  ['writeFileAtomicSync', async (file: string, text: string) => writeFileAtomicSync(file, text)],
])('%s', (_, write) => {
  it('replaces the file whole, creating its folder, and leaves nothing else beside it', async () => {
    const dir = scratch()
    const file = join(dir, 'reports', 'report.json')
    await write(file, 'first')
    await write(file, 'second')
    expect(readFileSync(file, 'utf8')).toBe('second')
    expect(readdirSync(join(dir, 'reports'))).toEqual(['report.json'])
  })

  it('removes its temporary file when the write fails, and keeps the old file', async () => {
    const dir = scratch()
    // a folder in the way: the rename onto it fails after the temporary file was written
    const blocked = join(dir, 'blocked')
    mkdirSync(blocked)
    writeFileSync(join(blocked, 'inside.txt'), 'kept')
    await expect(write(blocked, 'new')).rejects.toThrow()
    expect(readdirSync(dir)).toEqual(['blocked'])
    expect(readFileSync(join(blocked, 'inside.txt'), 'utf8')).toBe('kept')
  })

  it("removes the temporary files of writers that died before their rename, and leaves a live writer's alone", async () => {
    const dir = scratch()
    const uuid = 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff'
    // no process has an id this large; this test's parent runs while it does
    const dead = `report.json.99999999-${uuid}.tmp`
    const live = `other.json.${process.ppid}-${uuid}.tmp`
    // an older naming, without the writer's id: removed only once no write could still be under way
    const [unnamedOld, unnamedNew] = [`old.json.${uuid}.tmp`, `new.json.${uuid}.tmp`]
    for (const name of [dead, live, unnamedOld, unnamedNew, 'notes.tmp']) writeFileSync(join(dir, name), 'half')
    const dayAgo = new Date(Date.now() - 86_400_000)
    utimesSync(join(dir, unnamedOld), dayAgo, dayAgo)
    await write(join(dir, 'report.json'), 'whole')
    expect(readdirSync(dir).sort()).toEqual([live, unnamedNew, 'notes.tmp', 'report.json'].sort())
  })
})
