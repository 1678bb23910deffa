import { randomUUID } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { z } from 'zod'
import { DatasetError, type DatasetIssue } from '../errors.ts'
import { isProcessAlive, withFileLock } from './file-lock.ts'
import { redactKeysDeep } from './redact.ts'
import { writeFileAtomicSync } from './write-atomic.ts'

/** An entry of a keyed store: one line of its file. */
export interface KeyedEntry {
  key: string
}

/**
 * A committed JSONL file of keyed entries in a deterministic order, so diffs are reviewable, plus journals that each
 * writer appends to as entries arrive. A run killed half-way leaves its journal behind; the next run reads it, and
 * `save` folds the journals into the sorted file under a lock, so several processes and threads may write at once.
 */
export interface KeyedStore<T extends KeyedEntry> {
  readonly file: string
  get(key: string): T | undefined
  /** Every entry known: the file's and the journals' as loaded, and what this writer added since. */
  entries(): IterableIterator<T>
  /** Keeps the entry at once (appended to this writer's journal), so a killed run loses none it received. */
  put(entry: T): void
  /**
   * Rewrites the sorted file atomically from itself and every journal, leaving out the `drop` keys, and removes the
   * journals no live writer still appends to.
   */
  save(options?: { drop?: ReadonlySet<string> }): void
}

/** How a store reads, checks and orders its entries. */
export interface KeyedStoreOptions<T extends KeyedEntry> {
  schema: z.ZodType<T>
  /** Line order of the saved file. @default by key */
  compare?: (a: T, b: T) => number
}

const JOURNAL_SUFFIX = '.pending.jsonl'
const byKey = (a: KeyedEntry, b: KeyedEntry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

function journalsOf(file: string): string[] {
  const dir = dirname(file)
  if (!existsSync(dir)) return []
  // a file system may list a name in another Unicode normalization than it was written in (HFS+ decomposes "й")
  const prefix = `${basename(file)}.`.normalize('NFC')
  // `<file>.<writer>.pending.jsonl`, and not the journals of `<file>.<more>`, another file of the folder
  const ownJournal = (name: string): boolean => name.startsWith(prefix) && /^[^.]+\.pending\.jsonl$/.test(name.slice(prefix.length))
  return readdirSync(dir)
    .filter((name) => ownJournal(name.normalize('NFC')))
    .map((name) => join(dir, name))
}

// journals are named `<file>.<pid>-<thread>-<random>.pending.jsonl`; one of a live process's other thread may still
// grow, so only its own writer folds it away. Journals of dead processes (or of an older naming) are anyone's.
function isFoldable(journal: string): boolean {
  const owner = /\.(\d+)-(\d+)-[0-9a-f]{8}\.pending\.jsonl$/.exec(journal)
  if (owner === null) return true
  const [pid, thread] = [Number(owner[1]), Number(owner[2])]
  return pid === process.pid ? thread === threadId : !isProcessAlive(pid)
}

function readLines<T extends KeyedEntry>(file: string, schema: z.ZodType<T>, into: Map<string, T>, issues: DatasetIssue[]): void {
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
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) issues.push({ file, line: index + 1, field: issue.path.join('.'), message: issue.message })
      return
    }
    into.set(parsed.data.key, parsed.data)
  })
}

function readAll<T extends KeyedEntry>(file: string, schema: z.ZodType<T>): { entries: Map<string, T>; journals: string[] } {
  const entries = new Map<string, T>()
  const issues: DatasetIssue[] = []
  const journals = journalsOf(file)
  for (const source of [file, ...journals]) readLines(source, schema, entries, issues)
  if (issues.length > 0) throw new DatasetError(issues)
  return { entries, journals }
}

/** Opens a keyed store; a malformed line is an error naming the file and line. */
export function loadKeyedStore<T extends KeyedEntry>(file: string, options: KeyedStoreOptions<T>): KeyedStore<T> {
  const { schema, compare = byKey } = options
  const { entries } = readAll(file, schema)
  const journal = `${file}.${process.pid}-${threadId}-${randomUUID().slice(0, 8)}${JOURNAL_SUFFIX}`
  let written = false
  return {
    file,
    get: (key) => entries.get(key),
    entries: () => entries.values(),
    put(given) {
      // a committed file: a key a reply echoed never reaches it, whoever forgot to mask it before
      const entry = redactKeysDeep(given)
      entries.set(entry.key, entry)
      mkdirSync(dirname(file), { recursive: true })
      appendFileSync(journal, `${JSON.stringify(entry)}\n`)
      written = true
    },
    save({ drop } = {}) {
      if (!written && (drop === undefined || drop.size === 0) && journalsOf(file).length === 0) return
      mkdirSync(dirname(file), { recursive: true })
      withFileLock(file, () => {
        const { entries: all, journals } = readAll(file, schema)
        const kept = [...all.values()].filter((entry) => !drop?.has(entry.key)).sort(compare)
        writeFileAtomicSync(file, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''))
        for (const folded of journals) if (isFoldable(folded)) rmSync(folded, { force: true })
      })
      for (const key of drop ?? []) entries.delete(key)
      written = false
    },
  }
}
