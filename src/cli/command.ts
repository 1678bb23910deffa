/** Where a command writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** One subcommand of `evalsuite`: its own file, its own options, its own exit code. */
export interface Command {
  name: string
  /** One line, for the list of commands. */
  summary: string
  /** The full text of `evalsuite <name> --help`. */
  help: string
  /** Runs with the arguments after the command name; returns the exit code. Throws `ConfigError` on a usage error. */
  run(args: string[], output: CliOutput): Promise<number>
}

/** The exit codes every command uses. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const
