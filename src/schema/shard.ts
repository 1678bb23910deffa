import { z } from 'zod'
import { ConfigError } from '../errors.ts'
import { SHARD_VARIABLE } from '../names/index.ts'
import { PositiveIntSchema } from './field-shapes.ts'

/** Shard `index` of `count` (1-based, like Vitest's `--shard=i/n`). */
export const ShardSchema = z
  .object({ index: PositiveIntSchema, count: PositiveIntSchema })
  .strict()
  .refine((shard) => shard.index <= shard.count, 'needs "index" between 1 and "count"')
/** Shard `index` of `count` (1-based, like Vitest's `--shard=i/n`). */
export type Shard = z.infer<typeof ShardSchema>

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
