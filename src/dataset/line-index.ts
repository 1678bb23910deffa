/** Maps byte offsets of a file read in chunks to 1-based line numbers; LF, CRLF and a lone CR each end a line. */
export interface LineIndex {
  /** Records the line breaks of the next chunk of the file. */
  scan(chunk: Uint8Array): void
  /** The line holding the byte at `offset` (a line break belongs to the line it ends). */
  lineOf(offset: number): number
  /** Forgets the line starts at or before `offset`: later questions are about later bytes. */
  release(offset: number): void
}

const KEEP_RELEASED = 4096

export function createLineIndex(): LineIndex {
  // byte offsets where lines 2, 3, ... start; the first `head` of them are released, `dropped` more are gone
  const starts: number[] = []
  let head = 0
  let dropped = 0
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
      let low = head
      let high = starts.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (starts[mid]! <= offset) low = mid + 1
        else high = mid
      }
      return dropped + low + 1
    },
    release(offset) {
      while (head < starts.length && starts[head]! <= offset) head++
      if (head < KEEP_RELEASED) return
      starts.splice(0, head)
      dropped += head
      head = 0
    },
  }
}
