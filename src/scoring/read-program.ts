/** Where a program was read from in a reply: a fenced block, or the whole reply when it has none. */
export interface ReadProgram {
  program: string
  /** `fence` when it came from a fenced block (```python ... ```), `reply` when the reply had none. */
  source: 'fence' | 'reply'
}

// an opening fence, its info string, its body, and a closing fence of the same length at least (CommonMark)
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm

/**
 * The program a reply holds: its last fenced block in `language` (or one with no language named), else its last
 * fenced block of any language, else the whole reply. A model that explains before or after its code is read as the
 * code alone.
 */
export function readProgram(reply: string, language = 'python'): ReadProgram {
  const blocks = [...reply.matchAll(FENCE)].map((found) => ({ language: (found[3] ?? '').toLowerCase(), body: found[4] ?? '' }))
  const wanted = language.toLowerCase()
  const chosen =
    blocks
      .filter((block) => block.language === wanted || block.language === '' || (wanted === 'python' && block.language === 'py'))
      .at(-1) ?? blocks.at(-1)
  return chosen ? { program: chosen.body, source: 'fence' } : { program: reply, source: 'reply' }
}
