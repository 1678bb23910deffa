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
  let best: { name: string; distance: number } | undefined
  for (const candidate of candidates) {
    if (candidate === name) continue
    const other = plain(candidate)
    const distance = wanted.length >= 2 && other.startsWith(wanted) ? 0.5 : editDistance(wanted, other)
    if (distance <= Math.max(1, Math.floor(wanted.length / 3)) && (best === undefined || distance < best.distance)) best = { name: candidate, distance }
  }
  return best?.name
}
