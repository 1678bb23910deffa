/** A number as written in a reply, and where. */
export interface WrittenNumber {
  value: number
  start: number
  end: number
}

// A number as people write it: a sign (not the hyphen of "16-3"), currency, thousands separators, decimals,
// scientific notation ("1.5e3", "1.5 × 10^3", "1.5\times10^{3}"), a fraction ("7/2", "\frac{7}{2}"), a percent sign.
const SIGN = String.raw`(?:(?<![\d)\]}])[-−](?=[\d$€£¥.\\]))?`
const CURRENCY = String.raw`(?:[$€£¥]\s?|\\\$\s?)?`
// A decimal comma ("2,74", "0,5", "1000,99") where the digits after it cannot be an English thousands group, and the
// number is not an item of a list or tuple ("1,2,3", "(2,3)"): no digit, comma or bracket on either side.
const DECIMAL_COMMA = String.raw`(?<![\d,.(\[{])(?:0,\d+|\d+,(?:\d{1,2}|\d{4,}))(?![\d.,)\]}])`
const DIGITS = String.raw`${DECIMAL_COMMA}|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+`
const EXPONENT = String.raw`(?:[eE][-+]?\d+|\s?(?:×|x|\*|\\times|\\cdot)\s?10\s?\^\s?\{?[-−+]?\d+\}?)`
const FRACTION = String.raw`\s?\/\s?\d+(?:\.\d+)?(?![\d,])`
const LATEX_FRACTION = String.raw`\\[dt]?frac\{\s*(?:${DIGITS})\s*\}\{\s*(?:${DIGITS})\s*\}`
const WRITTEN = String.raw`${SIGN}${CURRENCY}(?:${LATEX_FRACTION}|(?:${DIGITS})(?:${EXPONENT}|${FRACTION})?)(?:\s?\\?%)?`

// one shared global pattern: every use sets lastIndex first, and none yields before it is done
const NUMBERS = new RegExp(WRITTEN, 'g')

// the one comma of a number that is a decimal comma, as DECIMAL_COMMA reads one
const DECIMAL_COMMA_ONLY = /^([^,\d]*(?:0|\d+(?=,(?:\d{1,2}|\d{4,})(?!\d)))),(\d+)(?=[^,\d]*$)/

/** A written number with its decimal comma, if it has one, made a decimal point: "2,74" → "2.74"; "1,000" stays. */
export function withDecimalPoint(written: string): string {
  return written.replace(DECIMAL_COMMA_ONLY, '$1.$2')
}

/** Parses one written number ("$1,234.50", "−3", "7/2", "\frac{7}{2}", "2.5 × 10^{3}", "12%"); NaN when it is not one. */
export function parseNumber(text: string): number {
  const cleaned = withDecimalPoint(text)
    .replace(/−/g, '-')
    .replace(/\\%|%|\\\$|[$€£¥,\s]/g, '')
    .replace(/\\[dt]?frac\{([^}]*)\}\{([^}]*)\}/, '$1/$2')
  // "\d+(?:\.\d*)?", not "\d+\.?\d*", which splits a run of digits every way before failing: quadratic
  const scientific = /^(-?(?:\d+(?:\.\d*)?|\.\d+))(?:×|x|\*|\\times|\\cdot)10\^\{?([-+]?\d+)\}?$/.exec(cleaned)
  if (scientific) return Number(`${scientific[1]}e${scientific[2]}`)
  const fraction = /^(-?\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(cleaned)
  if (fraction) return Number(fraction[1]) / Number(fraction[2])
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : Number.NaN
}

function written(found: RegExpExecArray): WrittenNumber {
  return { value: parseNumber(found[0]), start: found.index, end: found.index + found[0].length }
}

const DECORATION = /(?:\\boxed\{|\\text\{|\\\(|\\\[|[\s*_:=${}(])+/y
const MAX_UNDECORATED = 3

/**
 * Whether text[from, to) is decoration but for a few characters, read a run of decoration at a time rather than
 * rewritten without it: the gap may be a megabyte of spaces.
 */
function isDecoration(text: string, from: number, to: number): boolean {
  let left = 0
  for (let at = from; at < to; at++) {
    DECORATION.lastIndex = at
    if (DECORATION.test(text)) at = DECORATION.lastIndex
    if (at < to && ++left > MAX_UNDECORATED) return false
  }
  return true
}

/** The first number starting at `from`, when only decoration ("**", "$", "\boxed{", ":", "=") stands before it. */
export function numberAt(text: string, from: number): WrittenNumber | null {
  NUMBERS.lastIndex = from
  const found = NUMBERS.exec(text)
  return found !== null && isDecoration(text, from, found.index) ? written(found) : null
}

function isLetter(char: number): boolean {
  return (char >= 65 && char <= 90) || (char >= 97 && char <= 122)
}

/** The last number of a text, or null when it has none. Digits inside a word ("AZYUK2A", "B12C") are not a number. */
export function lastNumber(text: string): WrittenNumber | null {
  let last: RegExpExecArray | null = null
  NUMBERS.lastIndex = 0
  for (let found = NUMBERS.exec(text); found !== null; found = NUMBERS.exec(text)) {
    if (!isLetter(text.charCodeAt(found.index - 1)) || !isLetter(text.charCodeAt(found.index + found[0].length))) last = found
  }
  return last === null ? null : written(last)
}
