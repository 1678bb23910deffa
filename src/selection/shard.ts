import type { Shard } from '../schema/index.ts'
import { hashText } from '../random/index.ts'

/**
 * The items of one shard. Items are ranked by a hash of their id, and the ranks dealt out in turn, so the shards
 * differ in size by at most one, every item lands in exactly one shard, and where an item lands depends on its id
 * and the set of ids, never on the order of the file.
 */
export function selectShard<T>(items: readonly T[], idOf: (item: T) => string, shard: Shard): T[] {
  const ranked = items
    .map((item) => ({ id: idOf(item), hash: hashText(idOf(item)) }))
    .sort((a, b) => a.hash - b.hash || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const mine = new Set(ranked.filter((_, rank) => rank % shard.count === shard.index - 1).map((entry) => entry.id))
  return items.filter((item) => mine.has(idOf(item)))
}
