import { extname } from 'node:path'
import { ConfigError } from '../errors.ts'

const isJson = (file: string, format: string | undefined): boolean => (format ?? extname(file).slice(1).toLowerCase()) === 'json'

/**
 * Refuses `--split` where no file it applies to is a JSON file: the other loaders have no splits, and read the
 * whole file, so the option would be ignored without a word.
 */
export function checkSplitOption(command: string, split: string | undefined, files: readonly string[], format?: string): void {
  if (split === undefined) return
  if (split.trim() === '')
    throw new ConfigError(`evalsuite ${command}: --split is empty; name the split of a JSON file to read, or leave the option out`)
  if (files.some((file) => isJson(file, format))) return
  const what =
    files.length === 1
      ? `${files[0]} is ${format === undefined ? `a ${extname(files[0]!).slice(1).toUpperCase() || 'data'} file` : `read as ${format}`}`
      : `none of the ${files.length} files is one`
  throw new ConfigError(
    `evalsuite ${command}: --split ${split} chooses a split of a JSON file holding named splits, and ${what}; remove --split`,
  )
}
