import { relative } from 'node:path'

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/g
const SHELL_PLAIN = /^[\w./@%+=:,-]+$/

// a POSIX shell word: as it is when nothing in it is special, else single-quoted
function shellWord(text: string): string {
  return SHELL_PLAIN.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}

/**
 * The command that records one sample's calls: its eval file, in auto mode, with a `-t` pattern that matches its test
 * alone. Vitest matches `-t` as a regular expression against the full test name: "<benchmark> <id>: <input…>" in
 * Vitest 4, "<benchmark> > <id>: <input…>" in Vitest 5 (the id with `#<attempt>` when samples repeat). So the names are
 * escaped, either separator is taken, and the pattern ends at the colon: "q1" never runs "q10".
 */
export function recordSampleCommand(file: string, benchmark: string, key: string): string {
  const escape = (text: string): string => text.replace(REGEX_SPECIAL, '\\$&')
  const pattern = `${escape(benchmark)}( >)? ${escape(key)}: `
  return `EVALSUITE_RECORDINGS=auto npx vitest run ${shellWord(relative(process.cwd(), file))} -t ${shellWord(pattern)}`
}
