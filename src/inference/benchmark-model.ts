import { loadToolRecordings, type AgentTools, type ToolRecordings } from '../agent/index.ts'
import type { Model } from '../model/index.ts'
import type { RecordingMode, RecordingSettings } from '../schema/index.ts'
import { withBudget } from './budget.ts'
import { recordingFile, withRecordings } from './recordings.ts'

/** The model a benchmark calls: the user's, under its cost budget, behind its recordings. */
export interface BenchmarkModel {
  model: Model
  /** Replay mode: no call reaches the model, so a sample whose call failed was not recorded. */
  replaying: boolean
  /** With `tools`: their results, recorded and replayed with the model's replies. */
  toolRecordings?: ToolRecordings
  /** Saves what the run recorded. */
  save(): void
  /** US dollars spent on live calls; 0 without a budget to track it. */
  spentUsd(): number
}

/**
 * Puts the budget below the recordings, so that replayed replies never count against it nor wait for it. `settings`
 * are the plugin's recording settings.
 */
export function prepareModel(
  benchmark: string,
  model: Model,
  options: { maxCost?: number; recordings?: RecordingMode; tools?: AgentTools },
  settings: RecordingSettings,
): BenchmarkModel {
  const budgeted = options.maxCost === undefined ? undefined : withBudget(model, options.maxCost, benchmark)
  const recorded = withRecordings(benchmark, budgeted?.model ?? model, options.recordings, settings)
  const tools = options.tools === undefined ? undefined : loadToolRecordings(recordingFile(benchmark, settings, 'tools'), recorded.mode)
  return {
    model: recorded.model,
    replaying: recorded.mode === 'replay',
    ...(tools ? { toolRecordings: tools } : {}),
    save: () => {
      recorded.save()
      tools?.save()
    },
    spentUsd: () => budgeted?.spentUsd() ?? 0,
  }
}
