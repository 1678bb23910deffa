import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { expect, it } from 'vitest'
import { isProcessAlive } from '../../src/store/file-lock.ts'

// a journal whose writer was killed is folded by the next run only if that writer counts as dead
it.runIf(existsSync('/proc/self/stat'))(
  'takes a zombie, a killed process nobody has reaped, for dead, and a running one for alive',
  async () => {
    // the shell starts a child that exits at once, then becomes `sleep`, which never reaps it: a zombie for 5 s
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] })
    const [chunk] = (await once(parent.stdout, 'data')) as [Buffer]
    const zombie = Number(chunk.toString().trim())
    await new Promise((resolve) => setTimeout(resolve, 200))
    try {
      expect(isProcessAlive(parent.pid!)).toBe(true)
      expect(isProcessAlive(zombie)).toBe(false)
    } finally {
      parent.kill('SIGKILL')
    }
  },
)
