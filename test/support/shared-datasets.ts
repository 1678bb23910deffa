import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The real public data beside the project (`../shared/datasets`, see its SOURCES.md); never copied into the repository. */
export const SHARED_DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url))

/** The absolute path of a file under the shared datasets folder, failing loudly when the folder is not beside the project. */
export function sharedDataset(relativePath: string): string {
  const path = `${SHARED_DATASETS}${relativePath}`
  if (!existsSync(path)) throw new Error(`missing real data ${path}: the shared datasets must sit beside the project, at ../shared/datasets`)
  return path
}
