import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { seededShuffle } from '../src/random/index.ts'
import { fullDataPath, readFullJsonl } from './full-data.ts'
import { LLMBAR_SETS, LLMBAR_STRATEGIES, type LlmbarReplies } from '../fixtures/llmbar-replay/llmbar-sets.ts'

const PER_SET = 30
const SUBTLE_CAP = 22

function both(completion: string, parsing: Record<string, string>): boolean {
  return Object.values(parsing).every((pattern) => new RegExp(pattern).test(completion.trim()))
}

/**
 * Writes `<out>/llmbar/`: per set, up to 30 instances with both strategies' recorded replies. It keeps the subtle
 * ones first (no verdict parsed, both of LLMBar's patterns matching one completion, the orders disagreeing, a
 * verdict against the label), capped so the random rest still shows the common case.
 */
export function sliceLlmbar(out: string): void {
  const root = join(out, 'llmbar')
  rmSync(root, { recursive: true, force: true })
  for (const set of LLMBAR_SETS) {
    const records = readFullJsonl<{ id: number }>(`llmbar/LLMBar/${set}/dataset.jsonl`)
    const replies = LLMBAR_STRATEGIES.map((strategy) =>
      readFullJsonl<LlmbarReplies>(`llmbar/LLMBar/${set}/GPT-4/${strategy}/replies.jsonl`),
    )
    const parsings = LLMBAR_STRATEGIES.map(
      (strategy) =>
        (
          JSON.parse(readFileSync(fullDataPath(`llmbar/LLMBar/${set}/GPT-4/${strategy}/parsing.json`), 'utf8')) as Array<
            Record<string, string>
          >
        )[0]!,
    )
    const kinds = new Map<number, string>()
    replies.forEach((rows, s) => {
      for (const row of rows) {
        const orders = [row.original, row.swapped]
        const kind = orders.some((o) => o.winner === null)
          ? 'no verdict'
          : orders.some((o) => both(o.completion, parsings[s]!))
            ? 'both patterns'
            : row.original.winner !== row.swapped.winner
              ? 'orders disagree'
              : orders.some((o) => o.winner !== String(row.label))
                ? 'wrong in both orders'
                : undefined
        if (kind !== undefined && !kinds.has(row.id)) kinds.set(row.id, kind)
      }
    })
    const subtle = seededShuffle(
      [...kinds.keys()].sort((a, b) => a - b),
      `fixtures/real:llmbar:${set}`,
    ).slice(0, SUBTLE_CAP)
    const chosen = new Set(subtle)
    for (const id of seededShuffle(
      records.map((r) => r.id),
      `fixtures/real:llmbar-random:${set}`,
    ))
      if (chosen.size < PER_SET) chosen.add(id)
    const dir = join(root, 'LLMBar', set)
    mkdirSync(dir, { recursive: true })
    const keep = <T extends { id: number }>(rows: readonly T[]): string =>
      rows
        .filter((row) => chosen.has(row.id))
        .map((row) => `${JSON.stringify(row)}\n`)
        .join('')
    writeFileSync(join(dir, 'dataset.jsonl'), keep(records))
    LLMBAR_STRATEGIES.forEach((strategy, s) => {
      mkdirSync(join(dir, 'GPT-4', strategy), { recursive: true })
      writeFileSync(join(dir, 'GPT-4', strategy, 'replies.jsonl'), keep(replies[s]!))
      copyFileSync(fullDataPath(`llmbar/LLMBar/${set}/GPT-4/${strategy}/parsing.json`), join(dir, 'GPT-4', strategy, 'parsing.json'))
    })
    const counts = [...kinds]
      .filter(([id]) => chosen.has(id))
      .reduce<Record<string, number>>((all, [, kind]) => ({ ...all, [kind]: (all[kind] ?? 0) + 1 }), {})
    console.log(`llmbar ${set}: ${chosen.size} of ${records.length} instances (subtle: ${JSON.stringify(counts)})`)
  }
  copyFileSync(fullDataPath('llmbar/LICENSE'), join(root, 'LICENSE'))
}
