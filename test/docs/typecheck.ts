import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { blockLabel, type CodeBlock } from './code-blocks.ts'

const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))

/** One error tsc reported; `file` (relative to the tsconfig's folder) and `line` are missing for a global error. */
export interface TscError {
  file: string | undefined
  line: number | undefined
  code: string
  message: string
}

const LOCATED = /^(.+)\((\d+),\d+\): error (TS\d+): (.*)$/
const GLOBAL = /^error (TS\d+): (.*)$/

/** Runs `tsc --noEmit` once over the tsconfig.json of `dir` and returns its errors. */
export function typecheck(dir: string): Promise<TscError[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [TSC, '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'],
      { cwd: dir, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const errors = parseTscOutput(stdout)
        // tsc exits 1 or 2 with errors to report; anything else, or a failure without any, is tsc itself failing
        if (error && errors.length === 0) reject(new Error(`tsc failed in ${dir}: ${error.message}\n${stdout}${stderr}`))
        else resolve(errors)
      },
    )
  })
}

/** Parses tsc's `--pretty false` output; a message's indented continuation lines join its first. */
export function parseTscOutput(output: string): TscError[] {
  const errors: TscError[] = []
  for (const text of output.split(/\r?\n/)) {
    const located = LOCATED.exec(text)
    const global = GLOBAL.exec(text)
    const last = errors.at(-1)
    if (located) errors.push({ file: located[1], line: Number(located[2]), code: located[3] ?? '', message: located[4] ?? '' })
    else if (global) errors.push({ file: undefined, line: undefined, code: global[1] ?? '', message: global[2] ?? '' })
    else if (last && /^\s+\S/.test(text)) last.message += `\n${text}`
  }
  return errors
}

/** An error in a block's module, told at its place in the markdown: `README.md:123: TS2304 Cannot find name "x".` */
export function describeError(error: TscError, block: CodeBlock): string {
  // the module's line 1 is the line after the opening fence
  const line = block.line + (error.line ?? 0)
  return `${blockLabel({ page: block.page, line })}: ${error.code} ${error.message}`
}
