import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node'
import { countSample, emptyTally, progressLine, type ProgressTally } from './progress-tally.ts'

/** Options of the progress display (set through the plugin). */
export interface ProgressOptions {
  /** How often a plain progress line is printed when there is no live terminal (CI logs). @default 30000 */
  intervalMs?: number
}

// Vitest's default reporter draws a summary window at the bottom of a terminal; the live line joins that window
// instead of fighting it for the cursor. The window is not public API, so its absence falls back to plain lines.
interface SummaryWindow {
  createSummary: () => string[]
}

function summaryWindowOf(vitest: Vitest): SummaryWindow | undefined {
  for (const reporter of (vitest as unknown as { reporters?: unknown[] }).reporters ?? []) {
    const summary = (reporter as { summary?: Partial<SummaryWindow> }).summary
    if (typeof summary?.createSummary === 'function') return summary as SummaryWindow
  }
  return undefined
}

type SampleMetaParsing = Pick<typeof import('../schema/index.ts'), 'sampleMetaOf'>

/**
 * Shows how far a long eval run has got: samples done of total, errors, elapsed time, ETA, tokens and cost. In a
 * terminal it is a live line under Vitest's own summary; elsewhere a plain line every `intervalMs`.
 */
export class ProgressReporter implements Reporter {
  private vitest: Vitest | undefined
  // the schemas (and zod) load once a worker has collected its tests (see EvalsuiteReporter)
  private parsing: Promise<SampleMetaParsing> | undefined
  private tally: ProgressTally = emptyTally()
  private startedAt = 0
  private timer: NodeJS.Timeout | undefined
  private readonly intervalMs: number
  // the samples counted into the total, each taken out once counted as done: a sample `-t` or `.skip` left out is
  // reported (skipped) without ever having been in the total, and a Vitest retry reports the same test again
  private readonly planned = new Set<string>()

  constructor(options: ProgressOptions = {}) {
    this.intervalMs = options.intervalMs ?? 30_000
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(): void {
    const vitest = this.vitest
    if (vitest === undefined) return
    this.tally = emptyTally()
    this.planned.clear()
    this.startedAt = performance.now()
    const window = summaryWindowOf(vitest)
    if (window !== undefined) {
      const drawn = window.createSummary.bind(window)
      window.createSummary = () => (this.tally.total === 0 ? drawn() : [...drawn(), ` ${this.line()}`, ''])
      return
    }
    this.timer = setInterval(() => {
      if (this.tally.total > 0 && this.tally.done < this.tally.total) vitest.logger.log(this.line())
    }, this.intervalMs).unref()
  }

  async onTestModuleCollected(module: TestModule): Promise<void> {
    const { sampleMetaOf } = await this.load()
    for (const test of module.children.allTests()) {
      if (test.options.mode === 'run' && sampleMetaOf(test.meta()) !== undefined && !this.planned.has(test.id)) {
        this.planned.add(test.id)
        this.tally.total += 1
      }
    }
  }

  async onTestCaseResult(test: TestCase): Promise<void> {
    const { sampleMetaOf } = await this.load()
    if (!this.planned.delete(test.id)) return
    const result = test.result()
    countSample(this.tally, sampleMetaOf(test.meta()), result.state === 'failed' && (result.errors?.length ?? 0) > 0)
  }

  onTestRunEnd(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  private load(): Promise<SampleMetaParsing> {
    return (this.parsing ??= import('../schema/index.ts'))
  }

  private line(): string {
    return progressLine(this.tally, performance.now() - this.startedAt)
  }
}
