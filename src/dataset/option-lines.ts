// any line break Python's str.splitlines() knows, as OpenCompass splits the cell
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/
// the option letter OpenCompass drops from the start of a line; "1. " and the like stay part of the option
const LETTER_LABEL = /^[A-Z]\.\s*/

/**
 * The options of a text cell that lists them one a line (`A. 4\nB. 5`), as OpenCompass reads the `Choices` column of
 * its NEJM AI benchmark: each line with text is an option, trimmed, its leading letter label dropped. A blank cell has
 * none.
 */
export function optionLines(text: string): string[] | undefined {
  const lines = text
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  return lines.length === 0 ? undefined : lines.map((line) => line.replace(LETTER_LABEL, ''))
}
