import type { z } from 'zod'
import type { Sample } from '../schema/index.ts'

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** Aborts when the tool's `timeoutMs` passes, or the sample's test times out or is cancelled. */
  signal: AbortSignal
  /** The sample whose loop called the tool. */
  sample: Sample
}

/**
 * A tool a benchmark offers its model, keyed by its name in `tools` (as the AI SDK's are). Without `execute` the tool
 * is an answer, not an action: a reply that calls it ends the loop, and its calls are what is scored (BFCL).
 */
export interface AgentTool<Args = never> {
  description?: string
  /** A zod schema, or a JSON Schema object; the model's arguments are checked against it before `execute` runs. */
  parameters: z.ZodType | Record<string, unknown>
  /**
   * Runs one call. What it returns is sent to the model as the tool's result (a string as it is, anything else as
   * JSON); what it throws is sent as the error, and the call counts as a tool error.
   */
  execute?: (args: Args, context: ToolContext) => unknown
  /**
   * Whether recordings hold this tool's results, so that replay never runs it. `false` for a pure and cheap tool,
   * which then always runs.
   * @default true
   */
  replay?: boolean
  /** A call running longer is abandoned (its signal aborts) and its result is a timeout error. @default none */
  timeoutMs?: number
}

/** The tools a benchmark offers, by name. */
export type AgentTools = Record<string, AgentTool>

/**
 * A tool whose `execute` receives its zod parameters' type; a tool written inline in `tools` types its arguments itself.
 * @example defineTool({ parameters: z.object({ city: z.string() }), execute: ({ city }) => weatherIn(city) })
 */
export function defineTool<S extends z.ZodType>(tool: AgentTool<z.infer<S>> & { parameters: S }): AgentTool<z.infer<S>> {
  return tool
}
