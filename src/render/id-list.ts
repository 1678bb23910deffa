import { shortList } from '../schema/index.ts'

const SHOWN_IDS = 5

/** Sample ids as a summary line lists them: the first few in full, then how many more. */
export function idList(ids: readonly string[]): string {
  return shortList(ids, SHOWN_IDS)
}
