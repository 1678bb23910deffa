import { z } from 'zod'
import type { MetricDefinition } from './metric.ts'
import { EarlyStopOptionsSchema } from './task-meta.ts'
import { NonEmptyTextSchema } from './field-shapes.ts'

// each definition is checked where the catalog is made from them (createMetricCatalog), with the user's names in its
// errors; here, only that the plugin handed objects
const MetricDefinitionsSchema = z.record(
  z.string(),
  z.custom<MetricDefinition>((value) => typeof value === 'object' && value !== null, 'must be a metric definition object'),
)

/** What the plugin hands a benchmark's gate tests (under `GATES_KEY`): the reporter's own settings. */
export const GateSettingsSchema = z.object({
  /** The project root, which the baseline folder is relative to. */
  root: NonEmptyTextSchema,
  /** The plugin's `baselines`: the folder of the committed baselines, relative to `root`. */
  baselines: z.object({ dir: NonEmptyTextSchema }),
  /** The plugin's `metricDefinitions`: the metrics the user added to the catalog. */
  metricDefinitions: MetricDefinitionsSchema.optional(),
  /** Vitest's snapshot update mode: "all" with `-u`, "none" in CI. */
  updateMode: z.string(),
  /** The plugin's `earlyStop`, for benchmarks that set none and may shuffle their samples. */
  earlyStop: EarlyStopOptionsSchema.optional(),
})
/** What the plugin hands a benchmark's gate tests. */
export type GateSettings = z.infer<typeof GateSettingsSchema>
