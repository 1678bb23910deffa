/** A phrase after which a reply states its answer: text (matched ignoring case, as whole words) or a pattern. */
export type AnswerMarker = string | RegExp

const compiled = new Map<string, RegExp>()

/** A global pattern finding the marker, ready to search from the start of a reply. */
export function markerPattern(marker: AnswerMarker): RegExp {
  if (marker instanceof RegExp) return new RegExp(marker.source, marker.flags.includes('g') ? marker.flags : `${marker.flags}g`)
  let pattern = compiled.get(marker)
  if (pattern === undefined) {
    const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+')
    pattern = new RegExp(`${/^\w/.test(marker) ? '(?<![\\w])' : ''}${escaped}${/\w$/.test(marker) ? '(?!\\w)' : ''}`, 'gi')
    compiled.set(marker, pattern)
  }
  pattern.lastIndex = 0
  return pattern
}

/** The marker as a message quotes it: text in double quotes, a pattern as written. */
export function describeMarker(marker: AnswerMarker): string {
  return typeof marker === 'string' ? `"${marker}"` : String(marker)
}
