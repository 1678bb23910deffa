import type { Command } from './command.ts'
import { evalCommand } from './eval.ts'
import { initCommand } from './init.ts'
import { validateCommand } from './validate.ts'

/** Every subcommand of `evalsuite`, by name; a new command is one file and one entry here. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  [evalCommand.name]: evalCommand,
  [initCommand.name]: initCommand,
  [validateCommand.name]: validateCommand,
}
