import { lstatSync, readlinkSync } from 'node:fs'
import type { PythonInstall } from './python-install.ts'

// the top-level folders a dynamically linked interpreter may load libraries from, on merged-/usr systems and others
const SYSTEM_FOLDERS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']

function systemFolders(): string[] {
  return SYSTEM_FOLDERS.flatMap((folder) => {
    try {
      const entry = lstatSync(folder)
      if (entry.isSymbolicLink()) return ['--symlink', readlinkSync(folder), folder]
      return entry.isDirectory() ? ['--ro-bind', folder, folder] : []
    } catch {
      return []
    }
  })
}

/** What bounds one program's run, from the sandbox's options. */
export interface RunLimits {
  memoryBytes: number
  scratchBytes: number
}

/**
 * bubblewrap's arguments for one program: every namespace unshared (no network, its own process tree and mounts), no
 * capabilities, an empty environment, a read-only root holding only the system's programs and libraries (`/usr`) and
 * the interpreter's install, a read-only `/dev`, a private `/tmp` of bounded size as its working folder, and the
 * seccomp filter on fd 3.
 * The host's `/etc`, `/home`, `/root`, the project and every other folder are not there at all.
 */
export function bubblewrapArgs(python: PythonInstall, limits: RunLimits): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--cap-drop',
    'ALL',
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    ...systemFolders(),
    ...python.folders.flatMap((folder) => ['--ro-bind', folder, folder]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // bubblewrap's /dev (and its /dev/shm) is a tmpfs of no size limit: writable, it would hold files in the host's memory
    '--remount-ro',
    '/dev',
    '--size',
    String(limits.scratchBytes),
    '--tmpfs',
    '/tmp',
    '--remount-ro',
    '/',
    '--chdir',
    '/tmp',
    '--seccomp',
    '3',
  ]
}
