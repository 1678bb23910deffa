import { escapeControlCharacters } from '../schema/index.ts'

// what GitHub's Markdown reads as markup where the text stands (inside a line, never at its start): escapes, code,
// emphasis, strikethrough, table cells and math; "](", without which no link or image is made (a reference needs a
// definition, which starts a line); "<" that starts an HTML tag or an autolink; "&" that starts an entity; and what
// starts an extended autolink ("://", "www.", an address's "@"). The brackets of "[55.2%, 95.3%]" and the "<" of
// "p<0.001" stay as they are.
const MARKUP = /[\\`*~|$@]|\](?=\()|<(?=[A-Za-z/!?]|[^\s<>]*>)|&(?=#?[A-Za-z0-9]+;)|:(?=\/\/)|(?<=(?:^|[^\p{L}\p{N}])www)\./giu
// "_" emphasises unless it stands inside a word (snake_case), as CommonMark's rules for it say
const UNDERSCORES = /(?<![\p{L}\p{M}\p{N}_])_+|_+(?![\p{L}\p{M}\p{N}_])/gu

/**
 * Text from a name or a message, for GitHub-flavoured Markdown (a job summary): it renders as the same text and
 * never as markup, a link or an HTML tag; control characters are written out visibly, so it stays on one line.
 * Letters of any script, spaces, `-`, `.`, `/` and `_` inside words are left as they are.
 */
export function escapeMarkdown(text: string): string {
  return escapeControlCharacters(text)
    .replace(MARKUP, '\\$&')
    .replace(UNDERSCORES, (run) => run.replace(/_/g, '\\_'))
}

/**
 * Text as a Markdown code span outside a table (where nothing escapes a `|`): shown in code type as it is, fenced by
 * more backticks than it holds in a row, control characters written out.
 */
export function markdownCode(text: string): string {
  const shown = escapeControlCharacters(text)
  const fence = '`'.repeat(Math.max(0, ...[...shown.matchAll(/`+/g)].map((run) => run[0].length)) + 1)
  const padded = shown.startsWith('`') || shown.endsWith('`') || /^ .* $/.test(shown) ? ` ${shown} ` : shown
  return `${fence}${padded}${fence}`
}
