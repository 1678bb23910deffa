/** A name made safe and stable as a file name: lower case, runs of other characters folded to "-". */
export function fileSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'benchmark'
}
