import { randomUUID } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DatasetError, type DatasetIssue } from '../errors.ts'
import { RecordingSchema, type Recording } from '../schema/index.ts'

/**
 * The recorded calls of one benchmark: a JSONL file sorted by key, so diffs are reviewable, plus journals that
 * each writer appends to as replies arrive. A run killed half-way leaves its journal behind; the next run reads it,
 * and `save` folds every journal into the sorted file.
 */
export interface RecordingStore {
  readonly file: string
  get(key: string): Recording | undefined
  /** Keeps the reply at once (appended to this process's journal), so a killed run loses none it received. */
  put(recording: Recording): void
  /** Rewrites the sorted file atomically from itself and every journal, and removes the journals it folded in. */
  save(): void
}

const JOURNAL_SUFFIX = '.pending.jsonl'

function journalsOf(file: string): string[] {
  const dir = dirname(file)
  if (!existsSync(dir)) return []
  const prefix = `${basename(file)}.`
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(JOURNAL_SUFFIX))
    .map((name) => join(dir, name))
}

function readRecordings(file: string, into: Map<string, Recording>, issues: DatasetIssue[]): void {
  if (!existsSync(file)) return
  const lines = readFileSync(file, 'utf8').split('\n')
  lines.forEach((text, index) => {
    if (text.trim() === '') return
    // the last line of a journal may be cut short by a killed process; it is simply not there yet
    const last = index >= lines.length - 2 && file.endsWith(JOURNAL_SUFFIX)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      if (!last) issues.push({ file, line: index + 1, message: `not valid JSON (${(error as Error).message})` })
      return
    }
    const parsed = RecordingSchema.safeParse(value)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) issues.push({ file, line: index + 1, field: issue.path.join('.'), message: issue.message })
      return
    }
    into.set(parsed.data.key, parsed.data)
  })
}

function readAll(file: string): { recordings: Map<string, Recording>; journals: string[] } {
  const recordings = new Map<string, Recording>()
  const issues: DatasetIssue[] = []
  const journals = journalsOf(file)
  for (const source of [file, ...journals]) readRecordings(source, recordings, issues)
  if (issues.length > 0) throw new DatasetError(issues)
  return { recordings, journals }
}

/** Opens the recordings of one benchmark; a malformed line is an error naming the file and line. */
export function loadRecordingStore(file: string): RecordingStore {
  const { recordings } = readAll(file)
  const journal = `${file}.${randomUUID().slice(0, 8)}${JOURNAL_SUFFIX}`
  // kept open while replies arrive: a write reaches the file (the OS holds it) before put returns, so even a killed
  // process keeps it
  let descriptor: number | undefined
  let written = false
  return {
    file,
    get: (key) => recordings.get(key),
    put(recording) {
      recordings.set(recording.key, recording)
      if (descriptor === undefined) {
        mkdirSync(dirname(file), { recursive: true })
        descriptor = openSync(journal, 'a')
      }
      writeSync(descriptor, `${JSON.stringify(recording)}\n`)
      written = true
    },
    save() {
      if (descriptor !== undefined) closeSync(descriptor)
      descriptor = undefined
      if (!written && journalsOf(file).length === 0) return
      const { recordings: all, journals } = readAll(file)
      const lines = [...all.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((r) => JSON.stringify(r))
      const temporary = `${file}.${randomUUID()}.tmp`
      writeFileSync(temporary, lines.length === 0 ? '' : `${lines.join('\n')}\n`)
      renameSync(temporary, file)
      for (const folded of journals) rmSync(folded, { force: true })
      written = false
    },
  }
}
