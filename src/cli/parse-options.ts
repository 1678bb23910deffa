import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ConfigError } from '../errors.ts'

type Options = NonNullable<ParseArgsConfig['options']>

/** `node:util` parseArgs with its errors reworded as one line naming the command, thrown as `ConfigError`. */
export function parseOptions<T extends Options>(
  command: string,
  args: string[],
  options: T,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    const code = (error as { code?: string }).code
    const name = /'(-[^' ]+)/.exec((error as Error).message)?.[1] ?? ''
    const help = `see "evalsuite ${command} --help"`
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new ConfigError(`evalsuite ${command}: unknown option "${name}"; ${help}`)
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new ConfigError(`evalsuite ${command}: option "${name}" needs a value; ${help}`)
    throw new ConfigError(`evalsuite ${command}: ${(error as Error).message}; ${help}`)
  }
}
