import { existsSync } from 'node:fs'

const EVALUATED = /^(.*)_(?:val|test)(\.(?:csv|tsv|jsonl))$/i

/**
 * The few-shot file EvalScope pairs with a data file: `<subset>_dev.<ext>` beside `<subset>_val.<ext>` (or
 * `<subset>_test.<ext>`), when it exists.
 */
export function devFileOf(path: string): string | undefined {
  const found = EVALUATED.exec(path)
  if (found === null) return undefined
  const dev = `${found[1]}_dev${found[2]}`
  return existsSync(dev) ? dev : undefined
}
