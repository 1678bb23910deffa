/** One line of the fidelity table: how often a scorer agrees with an official verdict on real output. */
export interface FidelityResult {
  data: string
  scorer: string
  /** Rows compared with the official verdict. */
  compared: number
  agreed: number
  /** The least agreement the issue asks for, as a fraction. */
  target: number
  /** Rows left out of `compared`, by reason, and disagreements, by form. */
  counts: Record<string, number>
  /** The file listing every disagreement and every row left out. */
  review: string
}

/** Adds one to a named count. */
export function tally(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1
}
