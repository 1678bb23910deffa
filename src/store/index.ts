export { loadKeyedStore, type KeyedEntry, type KeyedStore, type KeyedStoreOptions } from './keyed-store.ts'
export { stableHash, stableHasher } from './stable-hash.ts'
