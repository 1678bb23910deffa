/**
 * A numeric `--name N` (or `--name=N`) of a bench's command line, else `fallback`; the value must be a whole number
 * of at least `min`. The rest of the arguments, without the flag, are returned for the bench's own positional ones.
 */
export function wholeNumberFlag(args: readonly string[], name: string, fallback: number, min = 1): { value: number; rest: string[] } {
  const rest: string[] = []
  let text: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === `--${name}`) text = args[++i] ?? ''
    else if (arg.startsWith(`--${name}=`)) text = arg.slice(name.length + 3)
    else rest.push(arg)
  }
  if (text === undefined) return { value: fallback, rest }
  const value = Number(text)
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}; received "${text}"`)
  return { value, rest }
}
