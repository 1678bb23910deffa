import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDataFile } from '../../src/dataset/index.ts'
import { DatasetError, formatIssue } from '../../src/errors.ts'

// each file here is wrong in one way (or a few); expected.json holds every message it must give, in order
const DIR = relative(process.cwd(), fileURLToPath(new URL('./malformed/', import.meta.url)))
const expected = JSON.parse(readFileSync(`${DIR}/expected.json`, 'utf8')) as Record<string, string[]>
const files = readdirSync(DIR)
  .filter((name) => name !== 'expected.json' && !name.endsWith('.meta.json'))
  .sort()

async function messagesFor(name: string): Promise<string[]> {
  const error = await loadDataFile(`${DIR}/${name}`).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof DatasetError)) throw new Error(`expected a DatasetError for ${name}, got ${String(error)}`)
  return error.issues.map((issue) => formatIssue(issue).replaceAll(`${DIR}/`, ''))
}

describe('the malformed corpus', () => {
  it('has at least 25 files, each with its expected messages', () => {
    expect(files.length).toBeGreaterThanOrEqual(25)
    expect(Object.keys(expected).sort()).toEqual(files)
  })

  for (const name of files) {
    it(`reports ${name} as file:line: field: message`, async () => {
      expect(await messagesFor(name)).toEqual(expected[name])
    })
  }
})
