const SHOWN_IDS = 5

/** Sample ids as a summary line lists them: the first few in full, then how many more. */
export function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, SHOWN_IDS).join(', ')
  return ids.length > SHOWN_IDS ? `${shown}, … (+${ids.length - SHOWN_IDS})` : shown
}
