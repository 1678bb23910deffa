/** How text is compared by `exact`, `includes` and `regex` extraction. */
export interface TextOptions {
  /** @default false */
  caseSensitive?: boolean
  /** "collapse" trims and folds runs of white space into one space; "exact" compares as is. @default "collapse" */
  whitespace?: 'collapse' | 'exact'
}

/** Applies the comparison options to one string. */
export function normalizeText(text: string, options: TextOptions = {}): string {
  const spaced = options.whitespace === 'exact' ? text : text.trim().replace(/\s+/g, ' ')
  return options.caseSensitive ? spaced : spaced.toLowerCase()
}

const RUN = /(\s+)|\S+/y

/**
 * Whether `normalizeText(text, options)` is longer than `length`, read only as far as that takes. Lower-casing never
 * shortens a string, so the length of the trimmed, collapsed text decides; a long reply is then ruled out against
 * short targets without rewriting it, which costs far more per run of white space than reading it.
 */
export function isLongerNormalized(text: string, length: number, options: TextOptions = {}): boolean {
  if (options.whitespace === 'exact') return text.length > length
  let normalized = 0
  let space = 0
  for (RUN.lastIndex = 0; RUN.lastIndex < text.length;) {
    const run = RUN.exec(text) as RegExpExecArray
    if (run[1] !== undefined) space = normalized > 0 ? 1 : 0
    else {
      normalized += space + run[0].length
      space = 0
      if (normalized > length) return true
    }
  }
  return false
}
