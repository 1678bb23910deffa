// edits (insertions, deletions, substitutions, swaps of neighbours) that turn `a` into `b`
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * The name a misspelt `name` most likely meant: one a few edits away (a third of its length, at least one), or one it
 * abbreviates ("acc" for "accuracy"), ignoring case, "-" and "_". Undefined when none is close.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const plain = (text: string): string => text.toLowerCase().replace(/[-_]/g, '')
  const wanted = plain(name)
  let best: { name: string; abbreviates: boolean; edits: number } | undefined
  for (const candidate of candidates) {
    if (candidate === name) continue
    const other = plain(candidate)
    const abbreviates = wanted.length >= 2 && other.startsWith(wanted)
    const edits = editDistance(wanted, other)
    if (!abbreviates && edits > Math.max(1, Math.floor(wanted.length / 3))) continue
    // an abbreviation is nearer than any misspelling; of two abbreviations ("tool_call" of "tool_calls" and of
    // "tool_call_accuracy"), or two misspellings, the one fewer edits away
    const nearer = best === undefined || (abbreviates !== best.abbreviates ? abbreviates : edits < best.edits)
    if (nearer) best = { name: candidate, abbreviates, edits }
  }
  return best?.name
}
