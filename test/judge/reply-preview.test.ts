import { expect, it } from 'vitest'
import { z } from 'zod'
import { parseVerdict } from '../../src/judge/index.ts'
import { replyPreview } from '../../src/judge/reply-preview.ts'

it('quotes a reply on one line, cut to 80 characters', () => {
  expect(replyPreview('  The answer\n\nis   fine ')).toBe('"The answer is fine"')
  const long = replyPreview(`${'word '.repeat(40)}end`)
  expect(JSON.parse(long)).toHaveLength(80)
  expect(long.endsWith('…"')).toBe(true)
})

it('is the preview a verdict the reader refuses quotes', () => {
  const reply = `no verdict here,\n${'just prose '.repeat(20)}`
  expect(parseVerdict(reply, z.object({ verdict: z.string() }))).toEqual({
    valid: false,
    reason: `no JSON object in the reply ${replyPreview(reply)}`,
  })
})
