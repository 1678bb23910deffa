import { hash, randomUUID } from 'node:crypto'
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
   * Whether the entry came from the journal of another writer that was running when the store was loaded: another
   * run's, which this one cannot call unused.
   */
  isForeign(key: string): boolean
  /**
   * Rewrites the sorted file atomically from itself and every journal, and removes the journals no live writer still
   * appends to. Of the `drop` keys it leaves out those this writer alone knows: loaded from the file or a dead
   * writer's journal, held by no running writer's journal, while no other writer saved the file since this one loaded
   * it (its entries may then be another run's). Returns the keys it left out.
   */
  save(options?: { drop?: ReadonlySet<string> }): ReadonlySet<string>
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

function readLines<T extends KeyedEntry>(
  file: string,
  text: string,
  schema: z.ZodType<T>,
  into: Map<string, T>,
  issues: DatasetIssue[],
): void {
  const lines = text.split('\n')
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

interface StoreState<T extends KeyedEntry> {
  entries: Map<string, T>
  journals: string[]
  /** The keys in the journals of writers still running (this process's other threads included). */
  running: Set<string>
  /** The saved file's digest: another writer's save changes it. */
  saved: string
}

// the file's text, or undefined when there is none (a journal folded away by another writer's save)
function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
const digest = (text: string): string => hash('sha256', text, 'hex')

// the file and its journals as listed, or undefined when a journal listed was gone before it was read
function readListed<T extends KeyedEntry>(file: string, schema: z.ZodType<T>): StoreState<T> | undefined {
  const entries = new Map<string, T>()
  const issues: DatasetIssue[] = []
  const journals = journalsOf(file)
  const text = read(file) ?? ''
  readLines(file, text, schema, entries, issues)
  const running = new Set<string>()
  for (const journal of journals) {
    const journaled = read(journal)
    if (journaled === undefined) return undefined
    const own = new Map<string, T>()
    readLines(journal, journaled, schema, own, issues)
    for (const [key, entry] of own) entries.set(key, entry)
    if (!isFoldable(journal)) for (const key of own.keys()) running.add(key)
  }
  if (issues.length > 0) throw new DatasetError(issues)
  return { entries, journals, running, saved: digest(text) }
}

/** The file with every journal, read by a caller that holds the lock every save holds: no journal is folded away. */
function readLocked<T extends KeyedEntry>(file: string, schema: z.ZodType<T>): StoreState<T> {
  const state = readListed(file, schema)
  if (state === undefined) throw new Error(`A journal of "${file}" was removed while its lock was held.`)
  return state
}

/**
 * The file with every journal. A journal gone between the listing and its reading was folded into the file by
 * another writer's save, after this one read the file: its entries are read again under the lock.
 */
function readAll<T extends KeyedEntry>(file: string, schema: z.ZodType<T>): StoreState<T> {
  return readListed(file, schema) ?? withFileLock(file, () => readLocked(file, schema))
}

/** Opens a keyed store; a malformed line is an error naming the file and line. */
export function loadKeyedStore<T extends KeyedEntry>(file: string, options: KeyedStoreOptions<T>): KeyedStore<T> {
  const { schema, compare = byKey } = options
  const { entries, running: foreign, saved } = readAll(file, schema)
  // the file as this writer last saw it: another writer's save since means the file holds entries it never loaded
  let seen = saved
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
    isForeign: (key) => foreign.has(key),
    save({ drop } = {}) {
      if (!written && (drop === undefined || drop.size === 0) && journalsOf(file).length === 0) return new Set()
      mkdirSync(dirname(file), { recursive: true })
      const dropped = withFileLock(file, () => {
        const { entries: all, journals, running, saved } = readLocked(file, schema)
        const known = saved === seen ? [...(drop ?? [])].filter((key) => !foreign.has(key) && !running.has(key)) : []
        const left = new Set(known)
        const text = [...all.values()]
          .filter((entry) => !left.has(entry.key))
          .sort(compare)
          .map((entry) => `${JSON.stringify(entry)}\n`)
          .join('')
        writeFileAtomicSync(file, text)
        seen = digest(text)
        for (const folded of journals) if (isFoldable(folded)) rmSync(folded, { force: true })
        return left
      })
      for (const key of dropped) entries.delete(key)
      written = false
      return dropped
    },
  }
}
