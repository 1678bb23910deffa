export { loadKeyedStore, type KeyedEntry, type KeyedStore, type KeyedStoreOptions } from './keyed-store.ts'
export { stableHash } from './stable-hash.ts'
