export { loadKeyedStore, type KeyedEntry, type KeyedStore, type KeyedStoreOptions } from './keyed-store.ts'
export { keyRedactingReplacer, redactKeys, redactKeysDeep, redactKeysInPlace, redactSecrets, registerKey } from './redact.ts'
export { SortedJson, stableHash, stableHasher } from './stable-hash.ts'
export { removeAbandonedTemporaries, writeFileAtomic, writeFileAtomicSync } from './write-atomic.ts'
