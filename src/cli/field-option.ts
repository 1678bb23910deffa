import { loadDataFileColumns, type FieldNames } from '../dataset/index.ts'
import { ConfigError } from '../errors.ts'
import { closestName } from '../metrics/index.ts'
import { shortList } from '../schema/index.ts'

const NAMES = ['input', 'target', 'choices', 'id', 'subset', 'system'] as const
// the names data files use for the sample fields, which a user may take for the fields themselves
const ALIASES: Record<string, string> = { question: 'input', prompt: 'input', answer: 'target', label: 'target', options: 'choices' }

/** `--field NAME=COLUMN` values as field names; `choices` takes one column holding a list, or columns joined by commas. */
export function parseFieldOptions(command: string, values: readonly string[] = []): FieldNames | undefined {
  if (values.length === 0) return undefined
  const fields: Record<string, string | string[]> = {}
  for (const value of values) {
    const found = /^([^=]+)=(.+)$/.exec(value)
    if (found === null)
      throw new ConfigError(`evalsuite ${command}: --field takes NAME=COLUMN, e.g. --field target=final_answer; received "${value}"`)
    const name = found[1]!.trim()
    if (!(NAMES as readonly string[]).includes(name)) {
      const near = ALIASES[name.toLowerCase()] ?? closestName(name, NAMES)
      const hint = near === undefined ? '' : `did you mean "${near}"? `
      throw new ConfigError(
        `evalsuite ${command}: --field ${value}: "${name}" is not a sample field; ${hint}NAME is one of ${NAMES.join(', ')}`,
      )
    }
    if (name in fields) throw new ConfigError(`evalsuite ${command}: --field ${name} is given twice; give each field once`)
    const columns = found[2]!.split(',').map((column) => column.trim())
    fields[name] = name === 'choices' && columns.length > 1 ? columns : found[2]!.trim()
  }
  return fields
}

const SHOWN_COLUMNS = 20

/** What is wrong with a mapping that names a column the file does not have, checked before the file is read in full. */
export async function fieldColumnsProblem(
  path: string,
  fields: FieldNames,
  options: { columns?: string[]; split?: string },
): Promise<string | undefined> {
  const columns = await loadDataFileColumns(path, options)
  if (columns.length === 0) return undefined
  for (const [name, named] of Object.entries(fields)) {
    for (const column of named === undefined ? [] : typeof named === 'string' ? [named] : named) {
      if (columns.includes(column)) continue
      const near = closestName(column, columns)
      const hint = near === undefined ? '' : `did you mean "${near}"? `
      return `--field ${name}=${column}: no column "${column}"; ${hint}the columns are ${shortList(columns, SHOWN_COLUMNS)}`
    }
  }
  return undefined
}
