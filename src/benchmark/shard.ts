import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import { hashText } from './seeded-random.ts'

/** Shard `index` of `count` (1-based, like Vitest's `--shard=i/n`). */
export const ShardSchema = z
  .object({ index: z.number().int().positive(), count: z.number().int().positive() })
  .strict()
  .refine((shard) => shard.index <= shard.count, 'needs "index" between 1 and "count"')
/** Shard `index` of `count` (1-based, like Vitest's `--shard=i/n`). */
export type Shard = z.infer<typeof ShardSchema>

/** The environment variable that shards every benchmark's samples, e.g. `EVALSUITE_SHARD=2/4`. */
export const SHARD_VARIABLE = 'EVALSUITE_SHARD'

/** Reads "i/n"; anything else is a ConfigError naming where the text came from. */
export function parseShard(text: string, source: string): Shard {
  const found = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  const shard = found ? { index: Number(found[1]), count: Number(found[2]) } : undefined
  if (shard === undefined || !ShardSchema.safeParse(shard).success) {
    throw new ConfigError(`${source} must be "i/n" with 1 ≤ i ≤ n, e.g. "2/4"; received "${text}".`)
  }
  return shard
}

/** The shard EVALSUITE_SHARD asks for, if it is set. */
export function shardFromEnvironment(env: NodeJS.ProcessEnv = process.env): Shard | undefined {
  const text = env[SHARD_VARIABLE]
  return text === undefined || text === '' ? undefined : parseShard(text, SHARD_VARIABLE)
}

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
