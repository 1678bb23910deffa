import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { threadId } from 'node:worker_threads'

const WAIT_MS = 5
// a save holds the lock for milliseconds; a lock this old was left by a writer that died mid-save
const STALE_MS = 10_000
const GIVE_UP_MS = 30_000

const pause = new Int32Array(new SharedArrayBuffer(4))

// A killed worker whose parent died too may stay a zombie when nothing reaps it (PID 1 in many containers); signal
// 0 still reaches a zombie, so Linux's process table is asked whether it is one. Elsewhere the file is absent.
function isZombie(pid: number): boolean {
  try {
    return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)/s, ''))
  } catch {
    return false
  }
}

/** Whether a process with this id still runs (signal 0 only checks; EPERM means it runs as another user). */
export function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

function isStale(lock: string): boolean {
  try {
    const owner = Number.parseInt(readFileSync(lock, 'utf8'), 10)
    if (Number.isInteger(owner) && owner > 0 && !isProcessAlive(owner)) return true
    return Date.now() - statSync(lock).mtimeMs > STALE_MS
  } catch {
    // gone between our attempt and this look: simply try again
    return false
  }
}

/**
 * Runs `work` while holding `<file>.lock`, so that writers in other processes and threads never interleave their
 * read-modify-write of the same file. The work is synchronous and short; waiting is a blocking sleep.
 */
export function withFileLock<T>(file: string, work: () => T): T {
  const lock = `${file}.lock`
  const started = Date.now()
  for (;;) {
    try {
      const fd = openSync(lock, 'wx')
      writeSync(fd, `${process.pid} ${threadId}\n`)
      closeSync(fd)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (isStale(lock)) rmSync(lock, { force: true })
      else if (Date.now() - started > GIVE_UP_MS)
        throw new Error(`Could not lock "${file}" within ${GIVE_UP_MS} ms; remove "${lock}" if no run is writing it.`, { cause: error })
      else Atomics.wait(pause, 0, 0, WAIT_MS)
    }
  }
  try {
    return work()
  } finally {
    rmSync(lock, { force: true })
  }
}
