/** The letter the official MMLU-Pro extraction reads, which of its three steps read it, and where. */
export interface ProtocolLetter {
  letter: string
  step: 1 | 2 | 3
  start: number
  end: number
}

const STEP_1 = /answer is \(?([A-J])\)?/
const STEP_2 = /[aA]nswer:\s*([A-J])/g
const LETTER = /[A-J]/
// Python's \b in a str pattern treats every Unicode letter and digit as a word character, unlike JavaScript's
const WORD = /[\p{L}\p{N}_]/u

function isWord(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char)
}

/**
 * Step 2 is `.*[aA]nswer:\s*([A-J])` searched from the start: the first line holding a match wins, and its greedy
 * `.*` picks the last match starting on that line. Read here in one linear pass, as the official regex is quadratic.
 */
function stepTwo(output: string): ProtocolLetter | null {
  let chosen: RegExpExecArray | null = null
  let lineEnd = -1
  for (const found of output.matchAll(STEP_2)) {
    if (chosen === null) {
      const newline = output.indexOf('\n', found.index)
      lineEnd = newline < 0 ? output.length : newline
    } else if (found.index > lineEnd) break
    chosen = found
  }
  if (chosen === null) return null
  const end = chosen.index + chosen[0].length
  return { letter: chosen[1] as string, step: 2, start: chosen.index, end }
}

/** Step 3, `\b[A-J]\b(?!.*\b[A-J]\b)`: the last letter A–J standing alone as a word. */
function stepThree(output: string): ProtocolLetter | null {
  for (let i = output.length - 1; i >= 0; i--) {
    if (LETTER.test(output[i] as string) && !isWord(output[i - 1]) && !isWord(output[i + 1])) {
      return { letter: output[i] as string, step: 3, start: i, end: i + 1 }
    }
  }
  return null
}

/**
 * The official MMLU-Pro extraction, to reproduce published numbers: the first "answer is (X)", else the "Answer: X"
 * its second pattern finds, else the last standalone letter A–J. Null when none matches, where the official script
 * draws a random letter instead.
 */
export function readMmluProLetter(output: string): ProtocolLetter | null {
  const first = STEP_1.exec(output)
  if (first) return { letter: first[1] as string, step: 1, start: first.index, end: first.index + first[0].length }
  return stepTwo(output) ?? stepThree(output)
}
