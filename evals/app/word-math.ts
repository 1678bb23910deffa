// The "feature under test" of the first example: a tiny solver for one-step arithmetic questions written in words.
// It is deliberately incomplete (no "divided by", no word numbers), so the benchmark has wrong answers to show.

const OPERATIONS: Array<[RegExp, (a: number, b: number) => number]> = [
  [/(-?\d+(?:\.\d+)?)\s*(?:plus|\+|added to)\s*(-?\d+(?:\.\d+)?)/i, (a, b) => a + b],
  [/(-?\d+(?:\.\d+)?)\s*(?:minus|-)\s*(-?\d+(?:\.\d+)?)/i, (a, b) => a - b],
  [/(-?\d+(?:\.\d+)?)\s*(?:times|\*|x|multiplied by)\s*(-?\d+(?:\.\d+)?)/i, (a, b) => a * b],
  [/subtract\s*(-?\d+(?:\.\d+)?)\s*from\s*(-?\d+(?:\.\d+)?)/i, (a, b) => b - a],
]

/** Answers "What is 12 plus 7?"-style questions with the number, or "I don't know". */
export function solveWordMath(question: string): string {
  for (const [pattern, apply] of OPERATIONS) {
    const found = pattern.exec(question)
    if (found) return String(apply(Number(found[1]), Number(found[2])))
  }
  return "I don't know"
}
