import { execFile } from 'node:child_process'
import { realpath } from 'node:fs/promises'
import { homedir } from 'node:os'
import { sep } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { ConfigError, errorMessage } from '../errors.ts'

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
    const cause = errorMessage(error)
    throw new ConfigError(
      `The code sandbox runs Python programs with "${command}", which did not start: ${cause}. Install Python 3, or name the interpreter with the "python" option.`,
      { cause: error },
    )
  }
  const answer = AnswerSchema.safeParse(JSON.parse(stdout))
  if (!answer.success) throw new ConfigError(`"${command}" did not say where it is installed (sys.executable or sys.prefix is empty).`)
  const [executable, ...prefixes] = answer.data
  const real = await realpath(executable)
  const folders = [...new Set(await Promise.all(prefixes.map((prefix) => realpath(prefix))))]
  // each folder is shown to the program: one that holds the project or the home folder would show their files
  const guarded = await Promise.all([process.cwd(), homedir()].map((folder) => realpath(folder).catch(() => folder)))
  const exposing = folders.find((folder) =>
    guarded.some((inside) => inside === folder || inside.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`)),
  )
  if (exposing !== undefined) {
    throw new ConfigError(
      `The code sandbox shows the interpreter's install (${exposing}) to each program, and it holds the project or the home folder. Use a Python installed elsewhere (the "python" option), such as a virtual environment in a folder of its own.`,
    )
  }
  return { executable: real, folders }
}
