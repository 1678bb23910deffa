import { createRequire } from 'node:module'
import { ConfigError } from '../errors.ts'
import { escapeControlCharacters } from '../schema/index.ts'
import { type CliOutput, EXIT } from './command.ts'
import { COMMANDS } from './commands.ts'

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length))
  const list = Object.values(COMMANDS).map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
  return `Usage: evalsuite <command> [options]

Benchmarks themselves run with Vitest (npx vitest run evals); this command holds the helpers around them.
The eval files run only when the Vitest command names them, so a plain "npx vitest run" calls no model.
"npx vitest run evals -u" judges every sample again and rewrites the baselines; EVALSUITE_UPDATE chooses
what -u refreshes, a comma-separated list of verdicts, baselines and recordings (default verdicts,baselines).

Commands:
${list.join('\n')}

Options:
  -h, --help     show this help, or a command's with "evalsuite <command> --help"
  -v, --version  print the version
`
}

function version(): string {
  // the package's own manifest, by its name (exported as evalsuite/package.json), from source and from dist alike
  const manifest: unknown = createRequire(import.meta.url)('evalsuite/package.json')
  return typeof manifest === 'object' && manifest !== null && 'version' in manifest ? String(manifest.version) : 'unknown'
}

/** Runs `evalsuite` with its arguments (after the program name) and returns the exit code. */
export async function runCli(args: string[], output: CliOutput): Promise<number> {
  const [name, ...rest] = args
  if (name === undefined) {
    output.stderr.write(usage())
    return EXIT.usage
  }
  if (name === '-h' || name === '--help' || name === 'help') {
    output.stdout.write(usage())
    return EXIT.ok
  }
  if (name === '-v' || name === '--version') {
    output.stdout.write(`${version()}\n`)
    return EXIT.ok
  }
  const command = COMMANDS[name]
  if (command === undefined) {
    output.stderr.write(
      `evalsuite: unknown command "${escapeControlCharacters(name)}"; the commands are ${Object.keys(COMMANDS).join(', ')} (see "evalsuite --help")\n`,
    )
    return EXIT.usage
  }
  if (rest.includes('-h') || rest.includes('--help')) {
    output.stdout.write(command.help)
    return EXIT.ok
  }
  try {
    return await command.run(rest, output)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    // a usage error quotes what it was given (a file name, a split of the data): each of its lines is escaped
    output.stderr.write(`${error.message.split('\n').map(escapeControlCharacters).join('\n')}\n`)
    return EXIT.usage
  }
}
