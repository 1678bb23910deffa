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
