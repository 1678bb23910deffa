import { relative } from 'node:path'
import { escapeControlCharacters } from '../schema/index.ts'

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/g
const SHELL_PLAIN = /^[\w./@%+=:,-]+$/

// a POSIX shell word: as it is when nothing in it is special, else single-quoted
function shellWord(text: string): string {
  return SHELL_PLAIN.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}

/** The environment that records what replay mode lacks: a model's replies, or a judge's verdicts. */
const RECORDING_ENVIRONMENT = { replies: 'EVALSUITE_RECORDINGS=auto', verdicts: 'EVALSUITE_VERDICTS=record' } as const

/**
 * The command that records one sample's model calls (`replies`) or judge calls (`verdicts`): its eval file, with a
 * `-t` pattern that matches its test alone. Vitest matches `-t` as a regular expression against the full test name:
 * "<benchmark> <id>: <input…>" in Vitest 4, "<benchmark> > <id>: <input…>" in Vitest 5 (the id with `#<attempt>`
 * when samples repeat). So the names are escaped, either separator is taken, and the pattern ends at the colon: "q1"
 * never runs "q10". Without the benchmark's name (a `toPassJudge` outside one), the pattern is the sample's alone.
 */
export function recordSampleCommand(
  file: string,
  benchmark: string | undefined,
  key: string,
  what: keyof typeof RECORDING_ENVIRONMENT = 'replies',
): string {
  // tests are named with control characters written out (\x1b), and matched so
  const escape = (text: string): string => escapeControlCharacters(text).replace(REGEX_SPECIAL, '\\$&')
  const pattern = benchmark === undefined ? `${escape(key)}: ` : `${escape(benchmark)}( >)? ${escape(key)}: `
  return `${RECORDING_ENVIRONMENT[what]} npx vitest run ${shellWord(relative(process.cwd(), file))} -t ${shellWord(pattern)}`
}
