export { loadKeyedStore, type KeyedEntry, type KeyedStore, type KeyedStoreOptions } from './keyed-store.ts'
export { SortedJson, stableHash, stableHasher } from './stable-hash.ts'
export { removeAbandonedTemporaries, writeFileAtomic, writeFileAtomicSync } from './write-atomic.ts'
