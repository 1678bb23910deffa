import type { Report } from '../schema/index.ts'

/** A report holding only some shards of its benchmark's samples: its gates are evaluated once every shard is merged. */
export function isPartial(report: Pick<Report, 'shards'>): boolean {
  return report.shards !== undefined && report.shards.merged.length < report.shards.count
}

/** The shards a report holds, in words: "shard 1 of 2", "shard 1, 3 of 3". */
export function shardLabel(shards: NonNullable<Report['shards']>): string {
  return `shard ${shards.merged.join(', ')} of ${shards.count}`
}
