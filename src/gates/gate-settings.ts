import type { EarlyStopOptions, MetricDefinition } from '../schema/index.ts'

/** What the plugin hands a benchmark's gate tests (under `GATES_KEY`): the reporter's own settings. */
export interface GateSettings {
  root: string
  baselineDir: string
  metrics?: Record<string, MetricDefinition>
  /** Vitest's snapshot update mode: "all" with `-u`, "none" in CI. */
  updateMode: string
  /** The plugin's `earlyStop`, for benchmarks that set none and may shuffle their samples. */
  earlyStop?: EarlyStopOptions
}
