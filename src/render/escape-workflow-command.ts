import { escapeControlCharacters } from '../schema/index.ts'

/**
 * Text for the message of a GitHub Actions workflow command (`::error ...::<message>`): `%`, `\r` and `\n` as the
 * runner decodes them, so that no line of it can start a command of its own; other control characters written out.
 */
export function escapeCommandData(text: string): string {
  return escapeControlCharacters(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'))
}

/** Text for a property of a workflow command (`file=`, `title=`): as its message, and `:` and `,`, which end a property. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}
