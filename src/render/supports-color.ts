/**
 * Whether to colour what is written to `stream`: never with NO_COLOR, always with FORCE_COLOR (other than 0), else on
 * a terminal that has colours, and in GitHub Actions, whose log viewer shows them.
 */
export function supportsColor(stream: unknown, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  if (env.GITHUB_ACTIONS === 'true') return true
  const terminal = stream as { isTTY?: boolean; hasColors?: () => boolean }
  return terminal.isTTY === true && terminal.hasColors?.() === true
}
