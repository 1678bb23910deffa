import { join, relative, resolve } from 'node:path'
import { errorMessage } from '../errors.ts'
import { fileSlug, type Baseline } from '../schema/index.ts'
import { loadBaseline } from './baseline-file.ts'

/** A benchmark's baseline file as read: its content (null when there is none), or why it could not be used. */
export interface LoadedBaseline {
  baseline: Baseline | null
  problem?: string
}

/** A benchmark's baseline file, absolute. */
export function baselineFileOf(name: string, root: string, baselineDir: string): string {
  return join(resolve(root, baselineDir), `${fileSlug(name)}.json`)
}

/** Reads a baseline file; a file that does not parse is kept as its problem, which the report shows and fails on. */
export async function readBaseline(file: string, root: string): Promise<LoadedBaseline> {
  try {
    return { baseline: await loadBaseline(file, relative(root, file)) }
  } catch (error) {
    return { baseline: null, problem: errorMessage(error) }
  }
}
