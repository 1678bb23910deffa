import { runCli } from '../../src/cli/run-cli.ts'

/** Runs `evalsuite <args>` in this process, as the command would, with the folder `dir` shown as <dir>. */
export function cliInProcess(dir: string): (...args: string[]) => Promise<{ code: number; stdout: string; stderr: string }> {
  return async (...args) => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    })
    return { code, stdout: stdout.replaceAll(dir, '<dir>'), stderr: stderr.replaceAll(dir, '<dir>') }
  }
}
