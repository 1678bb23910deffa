/** Maps byte offsets of a file read in chunks to 1-based line numbers; LF, CRLF and a lone CR each end a line. */
export interface LineIndex {
  /** Records the line breaks of the next chunk of the file. */
  scan(chunk: Uint8Array): void
  /** The line holding the byte at `offset` (a line break belongs to the line it ends). */
  lineOf(offset: number): number
}

export function createLineIndex(): LineIndex {
  // byte offsets where lines 2, 3, ... start
  const starts: number[] = []
  let scanned = 0
  let pendingCr = false
  return {
    scan(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]
        if (pendingCr) {
          pendingCr = false
          if (byte !== 0x0a) starts.push(scanned + i)
        }
        if (byte === 0x0a) starts.push(scanned + i + 1)
        else if (byte === 0x0d) pendingCr = true
      }
      scanned += chunk.length
    },
    lineOf(offset) {
      let low = 0
      let high = starts.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (starts[mid]! <= offset) low = mid + 1
        else high = mid
      }
      return low + 1
    },
  }
}
