import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { ModelIdentity } from '../model/index.ts'
import { compiledSchema, StoredVerdictSchema, type StoredVerdict } from '../schema/index.ts'
import { loadKeyedStore, stableHash, type KeyedStore } from '../store/index.ts'

/** What makes two judge calls the same call: the judge, the prompt's fixed part, the question asked, and the material. */
export interface VerdictKeyParts {
  judge: ModelIdentity
  instructions: string
  caseId: string
  sampleId: string
  /** Only for a sample its benchmark repeats: a key without it hashes as before, so committed verdicts stay valid. */
  attempt?: number
  /** In the original order, whatever order the judge saw. */
  material: ReadonlyArray<readonly [string, string]>
  repeat: number
  swapped: boolean
}

/** The key of a verdict; the random delimiters are not part of it, so a rerun finds the verdict. */
export function verdictKey(parts: VerdictKeyParts): string {
  return stableHash({ ...parts, material: parts.material.map(([name, text]) => [name, text]) })
}

/** The committed verdicts of one eval file: `__verdicts__/<eval file name>.jsonl` beside it. */
export function verdictFileOf(evalFile: string): string {
  return join(dirname(evalFile), '__verdicts__', `${basename(evalFile)}.jsonl`)
}

/** The verdicts of one eval file, and which of them this run used. */
export interface VerdictStore extends KeyedStore<StoredVerdict> {
  /** Marks a verdict as used by this run: it is not obsolete. */
  touch(key: string): void
  /**
   * The stored verdicts this run did not use, except those of samples that did not get as far as being judged, and
   * those another run still writing had journaled when this one loaded them (its own, not this run's to judge).
   */
  unused(unsettled: ReadonlySet<string>): StoredVerdict[]
}

// grouped by sample, so that a pull request's diff shows each sample's verdicts together
function compare(a: StoredVerdict, b: StoredVerdict): number {
  const order = (v: StoredVerdict): string[] => [
    v.sample,
    v.attempt === undefined ? '' : String(v.attempt).padStart(6, '0'),
    v.case,
    v.judge,
    String(v.repeat ?? 0).padStart(6, '0'),
    v.swapped ? '1' : '0',
    v.key,
  ]
  const [x, y] = [order(a), order(b)]
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
  return 0
}

const stores = new Map<string, VerdictStore>()
const judgedLive = new Set<string>()

/** Notes that this eval file judged something in live mode: its verdict file then says nothing about what is used. */
export function markJudgedLive(evalFile: string): void {
  judgedLive.add(verdictFileOf(evalFile))
}

/** The verdict store of an eval file, opened once per worker. */
export function verdictStoreFor(evalFile: string): VerdictStore {
  const file = verdictFileOf(evalFile)
  let store = stores.get(file)
  if (store === undefined) {
    const keyed = loadKeyedStore(file, { schema: compiledSchema(StoredVerdictSchema), compare })
    const touched = new Set<string>()
    store = {
      ...keyed,
      touch: (key) => void touched.add(key),
      unused: (unsettled) => [...keyed.entries()].filter((v) => !touched.has(v.key) && !unsettled.has(v.sample) && !keyed.isForeign(v.key)),
    }
    stores.set(file, store)
  }
  return store
}

/** Forgets an eval file's store once its run is over, so a later run of the file in this worker starts afresh. */
export function closeVerdictStore(evalFile: string): void {
  stores.delete(verdictFileOf(evalFile))
  judgedLive.delete(verdictFileOf(evalFile))
}

/** The verdict store of an eval file if this worker opened one or its file exists, unless it judged live. */
export function existingVerdictStore(evalFile: string): VerdictStore | undefined {
  const file = verdictFileOf(evalFile)
  if (judgedLive.has(file)) return undefined
  return stores.get(file) ?? (existsSync(file) ? verdictStoreFor(evalFile) : undefined)
}
