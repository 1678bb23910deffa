import { execFile } from 'node:child_process'
import { realpath } from 'node:fs/promises'
import { promisify } from 'node:util'
import { z } from 'zod'
import { ConfigError } from '../errors.ts'

/** The interpreter a sandboxed program runs with, and the folders it needs to read (its standard library). */
export interface PythonInstall {
  executable: string
  folders: string[]
}

const AnswerSchema = z.tuple([z.string().min(1)], z.string().min(1))

const QUESTION = 'import json, sys; print(json.dumps([sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]))'

/**
 * Asks the interpreter where it lives, outside the sandbox and with no program of a model's: `python3` is often a shim
 * (pyenv, a virtual environment) whose real binary and standard library sit elsewhere.
 */
export async function findPython(command: string): Promise<PythonInstall> {
  let stdout: string
  try {
    ;({ stdout } = await promisify(execFile)(command, ['-I', '-c', QUESTION], { timeout: 30_000, env: { PATH: process.env.PATH ?? '' } }))
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new ConfigError(`The code sandbox runs Python programs with "${command}", which did not start: ${cause}. Install Python 3, or name the interpreter with the "python" option.`, { cause: error })
  }
  const answer = AnswerSchema.safeParse(JSON.parse(stdout))
  if (!answer.success) throw new ConfigError(`"${command}" did not say where it is installed (sys.executable or sys.prefix is empty).`)
  const [executable, ...prefixes] = answer.data
  const real = await realpath(executable)
  const folders = [...new Set(await Promise.all(prefixes.map((prefix) => realpath(prefix))))]
  return { executable: real, folders }
}
