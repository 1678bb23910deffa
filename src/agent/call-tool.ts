import { errorMessage } from '../errors.ts'
import { INVALID_ARGUMENTS, type ToolCall } from '../model/index.ts'
import type { Sample, ToolResult } from '../schema/index.ts'
import type { AgentTool, AgentTools } from './agent-tool.ts'
import { checkedArguments } from './tool-arguments.ts'
import type { ToolRecordings, ToolRun } from './tool-recordings.ts'

/** Where a loop's calls run: their sample and attempt, the test's signal, and the recordings their results go through. */
export interface CallPlace {
  sample: Sample
  attempt?: number
  signal: AbortSignal
  recordings?: ToolRecordings
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10

// what the model is sent: a string as it is, anything else as JSON (undefined as nothing)
function resultText(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? ''
}

/** A wrong call's result: the model reads why, and the call counts as a tool error. */
function failed(call: ToolCall, error: string, durationMs = 0): ToolResult {
  return { toolCallId: call.id, name: call.name, output: `Error: ${error}`, error, durationMs }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function'

// one run of `execute`, bounded by the tool's timeout and the sample's signal; what it throws is its result's error
async function runTool(tool: AgentTool, args: unknown, place: CallPlace, name: string): Promise<ToolRun> {
  const execute = tool.execute!
  // a tool with a timeout gets a signal of its own, which the timeout or the sample's end aborts; without one, the
  // sample's signal is the tool's as it is (the same end, the same reason) and no controller is made for each call
  const controller = tool.timeoutMs === undefined ? undefined : new AbortController()
  const signal = controller?.signal ?? place.signal
  const onAbort = (): void => controller?.abort(place.signal.reason)
  if (controller) place.signal.addEventListener('abort', onAbort, { once: true })
  let timer: NodeJS.Timeout | undefined
  let stopped: (() => void) | undefined
  const started = performance.now()
  try {
    const value = (execute as (args: unknown, context: unknown) => unknown)(args, { signal, sample: place.sample })
    // a tool that answered at once ended before its timeout or the sample's end could: nothing to race
    if (!isThenable(value)) return { output: resultText(value), durationMs: tenths(performance.now() - started) }
    // a tool that ignores its signal is left behind rather than waited for
    const abandoned = new Promise<never>((_, reject) => {
      stopped = () => reject(signal.reason)
      signal.addEventListener('abort', stopped, { once: true })
    })
    if (controller) {
      const ms = tool.timeoutMs
      timer = setTimeout(() => controller.abort(new Error(`tool "${name}" timed out after ${ms} ms`)), ms)
    }
    const settled = await Promise.race([value, abandoned])
    return { output: resultText(settled), durationMs: tenths(performance.now() - started) }
  } catch (error) {
    // the sample's own end is not the tool's error: the loop stops with it
    if (place.signal.aborted) throw place.signal.reason
    const message = errorMessage(error)
    return { output: `Error: ${message}`, error: message, durationMs: tenths(performance.now() - started) }
  } finally {
    clearTimeout(timer)
    if (controller) place.signal.removeEventListener('abort', onAbort)
    // the sample's signal outlives the call: a listener left on it would hold the call until the sample ends
    if (stopped) signal.removeEventListener('abort', stopped)
  }
}

/**
 * Runs one call the model made: a call to an unknown tool, with arguments that are not JSON or fail the tool's
 * parameters, is a wrong call whose result says why; otherwise the tool runs (or its recorded result replays).
 */
export async function callTool(call: ToolCall, tools: AgentTools, place: CallPlace, step: number): Promise<ToolResult> {
  const tool = Object.hasOwn(tools, call.name) ? tools[call.name] : undefined
  if (tool === undefined)
    return failed(
      call,
      `unknown tool "${call.name}"; the tools are ${Object.keys(tools)
        .map((name) => `"${name}"`)
        .join(', ')}`,
    )
  // the model reads this result and the next step's recording key holds it, while the parser's words after the reason
  // differ between Node versions: the words stay on `error`, so a recording made on one Node replays on another
  if (call.error !== undefined) return { ...failed(call, call.error), output: `Error: ${INVALID_ARGUMENTS}` }
  const checked = checkedArguments(tool, call.arguments)
  if ('problems' in checked)
    return failed(call, `the arguments do not fit the parameters of "${call.name}": ${checked.problems.join('; ')}`)
  const run = (): Promise<ToolRun> => runTool(tool, checked.args, place, call.name)
  const recorded =
    tool.replay === false || place.recordings === undefined
      ? await run()
      : await place.recordings.result(
          {
            sample: place.sample.id,
            ...(place.attempt === undefined ? {} : { attempt: place.attempt }),
            step,
            tool: call.name,
            arguments: call.arguments,
          },
          run,
        )
  return { toolCallId: call.id, name: call.name, ...recorded }
}
