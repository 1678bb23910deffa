import { thousands as count } from './thousands.ts'

/**
 * A list as a message prints it: the first `shown` items joined, then how many more (`a, b, c and 999,980 more`), so
 * that a data file with a million columns or a function returning thousands of names cannot fill a terminal.
 */
export function shortList(items: readonly string[], shown: number, separator = ', '): string {
  const first = items.slice(0, shown).join(separator)
  return items.length > shown ? `${first} and ${count(items.length - shown)} more` : first
}

/**
 * The same cut for a list printed one item a line: the first `shown` items as `show` writes them, then `… and 12 more`,
 * or `… and 12 more failures` with `what`, where the lines that follow are of another kind.
 */
export function shortLines<T>(items: readonly T[], shown: number, show: (item: T) => string, what?: string): string[] {
  const lines = items.slice(0, shown).map(show)
  if (items.length > shown) lines.push(`… and ${count(items.length - shown)} more${what === undefined ? '' : ` ${what}`}`)
  return lines
}
