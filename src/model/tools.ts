import { z } from 'zod'
import { ConfigError, errorMessage } from '../errors.ts'
import type { MediaMessage, MessageToolCall, ToolChoice, ToolDefinition, ToolOffer } from '../schema/index.ts'

/** A tool a model may call: its parameters a zod schema, or a JSON Schema object. */
export interface Tool {
  /** The name the model calls it by. */
  name: string
  description?: string
  parameters: z.ZodType | Record<string, unknown>
}

/** A tool call in a model's reply. Arguments that are not valid JSON are reported in `error`, never thrown. */
export interface ToolCall {
  id: string
  name: string
  /** The arguments parsed from `rawArguments`; undefined when they are not valid JSON. */
  arguments: unknown
  /** The arguments' JSON text as the model sent it. */
  rawArguments: string
  /** Why `rawArguments` could not be parsed; absent when it could. */
  error?: string
}

/** What a call offers a model in tools, and how it may use them. */
export interface ToolOptions {
  tools?: readonly Tool[]
  /** @default the endpoint's own (OpenAI: "auto" when tools are offered) */
  toolChoice?: ToolChoice
  /** Whether the model may call several tools in one reply. @default the endpoint's own (OpenAI: true) */
  parallelToolCalls?: boolean
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/

function parametersSchema(tool: Tool): Record<string, unknown> {
  if (!(tool.parameters instanceof z.ZodType)) return tool.parameters
  try {
    // the draft marker says nothing to a model and only lengthens every request and key
    const { $schema: _draft, ...schema } = z.toJSONSchema(tool.parameters) as Record<string, unknown>
    return schema
  } catch (error) {
    throw new ConfigError(
      `Tool "${tool.name}": its zod parameters have no JSON Schema (${errorMessage(error)}); ` +
        'use types JSON Schema can say (no transforms, dates or functions), or pass a JSON Schema object.',
    )
  }
}

// a tool loop offers the same tools at every step of every sample: they are checked and converted once
const defined = new WeakMap<readonly Tool[], ToolDefinition[]>()

function definitionsOf(tools: readonly Tool[]): ToolDefinition[] {
  const known = defined.get(tools)
  if (known) return known
  const names = new Set<string>()
  const definitions = tools.map((tool): ToolDefinition => {
    if (!TOOL_NAME.test(tool.name)) throw new ConfigError(`Tool "${tool.name}": a tool's name is 1 to 64 letters, digits, "_" or "-".`)
    if (names.has(tool.name)) throw new ConfigError(`Tool "${tool.name}" is offered twice; give each tool its own name.`)
    names.add(tool.name)
    return {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: parametersSchema(tool),
    }
  })
  defined.set(tools, definitions)
  return definitions
}

// the offer of tools alone, as a tool loop makes it at every step of every sample: one object per tools array
const offeredAlone = new WeakMap<readonly Tool[], ToolOffer>()

/** The tools as sent and recorded, parameters as JSON Schema; undefined when none are offered. Not to be changed. */
export function toolOffer(options: ToolOptions): ToolOffer | undefined {
  const { tools } = options
  if (!tools || tools.length === 0) return undefined
  if (options.toolChoice === undefined && options.parallelToolCalls === undefined) {
    let offer = offeredAlone.get(tools)
    if (offer === undefined) {
      offer = { definitions: definitionsOf(tools) }
      offeredAlone.set(tools, offer)
    }
    return offer
  }
  const definitions = definitionsOf(tools)
  return {
    definitions,
    ...(options.toolChoice === undefined ? {} : { choice: options.toolChoice }),
    ...(options.parallelToolCalls === undefined ? {} : { parallel: options.parallelToolCalls }),
  }
}

/** What a tool call's `error` starts with when its arguments are not JSON; the parser's own words follow in brackets. */
export const INVALID_ARGUMENTS = 'arguments are not valid JSON'

/** A reply's tool call with its arguments parsed; invalid JSON is kept and described, not thrown. */
export function parsedToolCall({ id, name, arguments: rawArguments }: MessageToolCall): ToolCall {
  // a call without arguments (a tool of no parameters) sends an empty text on some endpoints
  if (rawArguments.trim() === '') return { id, name, rawArguments, arguments: {} }
  try {
    return { id, name, rawArguments, arguments: JSON.parse(rawArguments) as unknown }
  } catch (error) {
    return { id, name, rawArguments, arguments: undefined, error: `${INVALID_ARGUMENTS} (${errorMessage(error)})` }
  }
}

/**
 * The calls of a recorded reply, parsed. The array is built by `push`, not `map`: once V8 optimizes the code around it,
 * an array made by `map` has another internal shape than one made before, and the tool loop, which reads every
 * step's calls, was compiled again for each shape it met (three times in a replayed run, about 35 ms of CPU each).
 */
export function parsedToolCalls(made: readonly MessageToolCall[]): ToolCall[] {
  const calls: ToolCall[] = []
  for (const call of made) calls.push(parsedToolCall(call))
  return calls
}

/** Refuses a tool message that names no call, which an endpoint would refuse with a less helpful 400. */
export function checkToolMessages(messages: readonly MediaMessage[]): void {
  const index = messages.findIndex((message) => message.role === 'tool' && !message.toolCallId)
  if (index >= 0)
    throw new ConfigError(`Message ${index + 1} is a "tool" message without "toolCallId": give it the id of the tool call it answers.`)
}
