import type { Model } from '../../src/model/index.ts'
import type { ChatMessage } from '../../src/schema/index.ts'

/** What a scripted judge reads from a prompt, as a careful grader would: the material by the real delimiters only. */
export interface ReadPrompt {
  instructions: string
  tag: string
  parts: Map<string, string>
}

/** Reads a judge prompt: the tag from the data message's first line, and each part between the real delimiters. */
export function readPrompt(messages: readonly ChatMessage[]): ReadPrompt {
  const [system, user] = messages
  const tag = /^TAG: ([0-9a-f]+)\n/.exec(user!.content)![1]!
  const parts = new Map<string, string>()
  for (const found of user!.content.matchAll(new RegExp(`<<<BEGIN (\\S+) ${tag}>>>\\n([\\s\\S]*?)\\n<<<END \\1 ${tag}>>>`, 'g'))) {
    parts.set(found[1]!, found[2]!)
  }
  return { instructions: system!.content, tag, parts }
}

/** A judge model whose replies a test scripts; it keeps every prompt it received. */
export interface ScriptedJudge extends Model {
  readonly prompts: ChatMessage[][]
}

/** A judge played by a function of the prompt: a reply text, or a thrown error for a failed call. */
export function scriptedJudge(
  name: string,
  reply: (prompt: ReadPrompt, messages: readonly ChatMessage[]) => string | Promise<string>,
  usage = { inputTokens: 100, outputTokens: 20 },
): ScriptedJudge {
  const prompts: ChatMessage[][] = []
  return {
    name,
    identity: { provider: 'scripted', model: name, params: { temperature: 0 } },
    prompts,
    async generate(messages, options) {
      prompts.push(messages)
      const text = await reply(readPrompt(messages), messages)
      options?.signal?.throwIfAborted()
      return { text, usage, latencyMs: 1 }
    },
  }
}

/** A verdict reply of the default criteria judge. */
export const verdict = (value: 'pass' | 'fail', reasoning = `graded ${value}`): string => JSON.stringify({ reasoning, verdict: value })
