import type { Report } from '../schema/index.ts'

/** A report holding only some shards of its benchmark's samples: its gates are judged once every shard is merged. */
export function isPartial(report: Pick<Report, 'shards'>): boolean {
  return report.shards !== undefined && report.shards.merged.length < report.shards.count
}
