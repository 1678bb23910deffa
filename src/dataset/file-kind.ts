import type { Stats } from 'node:fs'

/** What a file system entry that is not a regular file is, in a few words: reading a pipe or a device never ends. */
export function fileKindOf(stats: Stats): string {
  if (stats.isFile()) return 'a regular file'
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe (FIFO)'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}
