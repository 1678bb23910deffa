import { replaceCommand } from './latex-groups.ts'

const TEXT_COMMANDS = ['text', 'textbf', 'textit', 'textnormal', 'textrm', 'mbox', 'mathrm', 'mathbf', 'mathit', 'operatorname', 'mathbb']
const UNITS =
  /^(?:cm|mm|km|m|in|inch|inches|ft|feet|foot|yd|yards?|miles?|mph|units?|sq|square|cubic|meters?|centimeters?|kilometers?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|s|sec|min|hr|hrs|g|kg|grams?|pounds?|lbs?|ounces?|oz|liters?|l|ml|dollars?|cents?|yuan|euros?|degrees?|deg|radians?|rad|people|students?|ways|times|points?)\b/i
const UNICODE: Array<[RegExp, string]> = [
  [/−/g, '-'],
  [/×/g, '\\times '],
  [/·/g, '\\cdot '],
  [/π/g, '\\pi '],
  [/∞/g, '\\infty '],
  [/√/g, '\\sqrt '],
  [/≤/g, '\\le '],
  [/≥/g, '\\ge '],
  [/≠/g, '\\ne '],
  [/∪/g, '\\cup '],
  [/°/g, ''],
]
// "\\left" written with a doubled backslash, as escaped strings often carry it; a matrix row break is left alone,
// and so is a doubled one before "\\end" ("\\\end" is a row break, then "\end")
const DOUBLED =
  /(?<!\\)\\\\(?=(?:left|right|frac|dfrac|tfrac|sqrt|le|leq|ge|geq|ne|neq|boxed|text|pi|cdot|times|in|cup|infty|pm|begin|end)(?![a-zA-Z]))/g
const RELATIONS: Array<[RegExp, string]> = [
  [/\\leqslant|\\leq|\\le(?![a-z])|<=/g, '\\le '],
  [/\\geqslant|\\geq|\\ge(?![a-z])|>=/g, '\\ge '],
  [/\\neq|\\ne(?![a-z])|!=/g, '\\ne '],
  [/\\lt(?![a-z])/g, '<'],
  [/\\gt(?![a-z])/g, '>'],
]

/** Units after a number, written as text ("5\text{ cm}^2", "125 miles") or words: what is left once they go. */
function withoutUnits(answer: string): string {
  const unwrapped = answer.replace(
    /\\(?:text|textbf|mbox|textnormal|textrm|mathrm)\{\s*[a-zA-Z][a-zA-Z\s.]*\}(?:\^\{?\d\}?)?\s*$/,
    (whole: string) => (/[\d}]\s*$/.test(answer.slice(0, answer.length - whole.length)) ? '' : whole),
  )
  const trailing = /^(.*[\d}])\s*([a-zA-Z][a-zA-Z\s.]*?)(?:\^\{?\d\}?)?\s*$/.exec(unwrapped)
  return trailing && UNITS.test((trailing[2] ?? '').trim()) ? (trailing[1] as string) : unwrapped
}

/**
 * A whole answer that is one number written with separators: "1,000", "1 000" and "11,111,100" lose them; "1000,99",
 * "1,22" and "0,111" are decimal commas. "32, 349" (a space after the comma) and "1,2" stay lists.
 */
function thousands(answer: string): string {
  if (/^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(answer) && !answer.startsWith('0,')) return answer.replace(/,/g, '')
  if (/^-?\d{1,3}(?: \d{3})+(?:\.\d+)?$/.test(answer)) return answer.replace(/ /g, '')
  const decimal = /^(-?\d+),(\d+)$/.exec(answer)
  const [whole, fraction] = [decimal?.[1] ?? '', decimal?.[2] ?? '']
  if (decimal && (whole === '0' || fraction.length === 2 || fraction.length > 3 || whole.length > 3)) return `${whole}.${fraction}`
  return answer
}

/** "\frac12" → "\frac{1}{2}", "\sqrt3" → "\sqrt{3}": single-token arguments braced. */
function braceArguments(answer: string): string {
  return answer
    .replace(/\\frac\s*(\d|[a-zA-Z])\s*(\d|[a-zA-Z])/g, '\\frac{$1}{$2}')
    .replace(/\\frac\s*(\d|[a-zA-Z])\s*\{/g, '\\frac{$1}{')
    .replace(/\\frac\s*\{([^{}]*)\}\s*(\d|[a-zA-Z])/g, '\\frac{$1}{$2}')
    .replace(/\\sqrt\s*(\d+|[a-zA-Z])/g, '\\sqrt{$1}')
}

/**
 * A canonical spelling of a LaTeX answer, so that equal spellings compare as equal text: spacing, sizing and text
 * commands, degrees, percent and dollar signs, units, thousands separators and variant commands are normalised.
 */
export function normalizeLatex(answer: string): string {
  let text = answer.replace(DOUBLED, '\\')
  for (const [pattern, replacement] of UNICODE) text = text.replace(pattern, replacement)
  text = text
    .replace(/,\\!\s*|\s*\{\s*,\s*\}\s*/g, ',')
    .replace(/\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big)(?![a-zA-Z])\s*\\?/g, (found) => (found.endsWith('\\') ? '\\' : ''))
    .replace(/\\(?:displaystyle|textstyle)/g, '')
    .replace(/\\[dtc]frac/g, '\\frac')
    .replace(/\\[dt]binom/g, '\\binom')
    .replace(/(?<!\\)\\[!,;:> ]|~/g, ' ')
    .replace(/\\q?quad/g, ' ')
    .replace(/\^\s*\{?\s*\\circ\s*\}?|\\circ|\\degree/g, '')
    .replace(/\\%|%|\s*\b(?:percent(?:age)?|pct)\b/g, '')
    .replace(/\\\$|\$/g, '')
  text = thousands(withoutUnits(text.trim()))
  for (const name of TEXT_COMMANDS) text = replaceCommand(text, name, (content) => content)
  for (const [pattern, replacement] of RELATIONS) text = text.replace(pattern, replacement)
  text = braceArguments(text)
    .replace(/(^|[^\d])\.(\d)/g, '$10.$2')
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w\s\\]) ?/g, '$1')
    .trim()
    .replace(/[.,;]$/, '')
  return text
}
