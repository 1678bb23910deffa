import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { DatasetError, ModelError, type DatasetIssue } from '../errors.ts'
import { ChatMessageSchema, type ChatMessage } from '../schema/index.ts'
import type { Model, ModelOutput } from './model.ts'

const RecordedReplySchema = z.object({
  messages: z.array(ChatMessageSchema).min(1),
  reply: z.string(),
})

/** Options of `models.replay`. */
export interface ReplayModelOptions {
  /** The name shown in reports; use the recorded model's name so tables line up with live runs. @default "replay" */
  name?: string
}

/**
 * Replies read from a JSONL file of `{ "messages": [...], "reply": "..." }` lines, matched on the exact messages.
 * No network: a prompt with no recorded reply fails its sample.
 */
export function createReplayModel(path: string, options: ReplayModelOptions = {}): Model {
  let replies: Map<string, string> | undefined
  const load = (): Map<string, string> => {
    if (replies) return replies
    const issues: DatasetIssue[] = []
    const loaded = new Map<string, string>()
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (text.trim() === '') return
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch (error) {
          issues.push({ file: path, line: index + 1, message: `not valid JSON (${(error as Error).message})` })
          return
        }
        const parsed = RecordedReplySchema.safeParse(value)
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            issues.push({ file: path, line: index + 1, field: issue.path.join('.'), message: issue.message })
          }
          return
        }
        loaded.set(messagesKey(parsed.data.messages), parsed.data.reply)
      })
    if (issues.length > 0) throw new DatasetError(issues)
    replies = loaded
    return loaded
  }
  return {
    name: options.name ?? 'replay',
    async generate(messages: ChatMessage[]): Promise<ModelOutput> {
      const reply = load().get(messagesKey(messages))
      if (reply === undefined) {
        const last = messages.at(-1)?.content.slice(0, 60) ?? ''
        throw new ModelError(`No recorded reply in "${path}" for the prompt "${last}...". Add a line for it to the recording.`)
      }
      return { text: reply, latencyMs: 0 }
    },
  }
}

function messagesKey(messages: ChatMessage[]): string {
  return JSON.stringify(messages.map((m) => [m.role, m.content]))
}
