import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
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
})
