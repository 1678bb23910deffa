import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ConfigError } from '../../errors.ts'
import { isProcessAlive } from '../../store/index.ts'

function ownerOf(claim: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(claim, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Claims a report's name in its output folder for this run, so that a second run started beside it under the same
 * name and folder stops at once, saying so, instead of replacing the first run's report with its own. A claim whose
 * process has ended (killed, crashed) is taken over. Returns the release.
 */
export function claimReport(claim: string, report: string): () => void {
  mkdirSync(dirname(claim), { recursive: true })
  for (;;) {
    try {
      writeFileSync(claim, String(process.pid), { flag: 'wx' })
      return () => rmSync(claim, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = ownerOf(claim)
      if (owner !== undefined && isProcessAlive(owner)) {
        throw new ConfigError(
          `evalsuite eval: another run (process ${owner}) is writing ${report}; wait for it to end, or give this run its own --output-dir`,
        )
      }
      rmSync(claim, { force: true })
    }
  }
}
