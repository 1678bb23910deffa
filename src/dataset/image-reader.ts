import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import { dirname, extname, isAbsolute, join, resolve, sep } from 'node:path'
import { fileKindOf } from './file-kind.ts'
import { IMAGE_TYPES, imageTypeOfBytes } from './image-type.ts'
import type { FieldProblem } from './zod-issues.ts'

/** The largest image file read: the most an OpenAI-compatible endpoint takes in one image. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024
/** The most image bytes one load of a dataset reads, each distinct file counted once. */
export const MAX_IMAGE_BYTES_IN_ALL = 512 * 1024 * 1024

/** Where a local image path was found: beside the data file, from the working directory, or as an absolute path. */
export type ImageBase = 'dataFile' | 'workingDirectory' | 'absolute'

/** The local image files one load read: how many, their bytes, and how many were found from each base. */
export interface ImageFiles {
  files: number
  bytes: number
  from: Record<ImageBase, number>
}

/** Reads the local images of one dataset, each file once, inside the folders it may read and within the limits. */
export interface ImageReader {
  /** A local image path made a `data:` URI, or the problem with it for `field` (never the file's bytes). */
  read(reference: string, dataFile: string, field: string): string | FieldProblem
  readonly files: ImageFiles
}

/** Where images may be read from besides the dataset's folder and the working directory, and the size limits. */
export interface ImageReaderOptions {
  /** Folders the user allows images to be read from. */
  folders?: readonly string[]
  /** @default MAX_IMAGE_BYTES */
  maxBytes?: number
  /** @default MAX_IMAGE_BYTES_IN_ALL */
  maxBytesInAll?: number
}

const LOOKED_FROM: Readonly<Record<ImageBase, string>> = {
  dataFile: ' beside the data file',
  workingDirectory: ' from the working directory',
  absolute: '',
}
const TYPE_NAMES: Readonly<Record<string, string>> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' }
// a FIFO opened for reading waits for a writer unless opened non-blocking; a link swapped in after the check is refused
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0)

/**
 * The image reader of one load of a dataset. A local path is looked for beside the data file, then from the working
 * directory, as EvalScope's files name images from the folder it runs in. It is read only when its real path (links
 * resolved) lies inside the data file's folder, the working directory or a folder of `options.folders`, it is a
 * regular file of at most `maxBytes`, and its first bytes are an image of the type its extension claims. A file is
 * read once however many rows name it, and the files together stay within `maxBytesInAll`.
 */
export function createImageReader(options: ImageReaderOptions = {}): ImageReader {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES
  const maxBytesInAll = options.maxBytesInAll ?? MAX_IMAGE_BYTES_IN_ALL
  const files: ImageFiles = { files: 0, bytes: 0, from: { dataFile: 0, workingDirectory: 0, absolute: 0 } }
  const read = new Map<string, string | string[]>()
  let allowed: { roots: string[]; problem?: string } | undefined
  const dataFolders = new Map<string, string>()
  const allowedFolders = (dataFile: string): { roots: string[]; problem?: string } => {
    allowed ??= allowedRoots(options.folders ?? [])
    const folder = dirname(dataFile)
    let real = dataFolders.get(folder)
    if (real === undefined) dataFolders.set(folder, (real = realpathSync(folder)))
    return { ...allowed, roots: [real, ...allowed.roots.filter((root) => root !== real)] }
  }
  return {
    files,
    read(reference, dataFile, field) {
      const problem = (why: string): FieldProblem => ({ field, message: `names image "${reference}", ${why}` })
      const mime = IMAGE_TYPES[extname(reference).toLowerCase()]
      if (mime === undefined) {
        return {
          field,
          message: `names "${reference}", which is not an image file evalsuite sends (${Object.keys(IMAGE_TYPES).join(', ')}), nor an http(s) URL or data: URI`,
        }
      }
      const { roots, problem: folderProblem } = allowedFolders(dataFile)
      if (folderProblem !== undefined) return problem(folderProblem)
      const candidates = candidatesOf(reference, dataFile)
      const found = locate(candidates)
      if (found === undefined) {
        const looked = candidates.map(([path, base]) => `${path}${LOOKED_FROM[base]}`).join(', nor ')
        return problem(
          `which is no file (no ${looked}); a local image path is relative to the data file's folder or to the working directory`,
        )
      }
      if (!roots.some((root) => isInside(found.real, root))) {
        return problem(
          `which lies outside the folders images are read from (its real path is ${found.real}; they are ${roots.join(', ')}): images are read from the data file's folder and the working directory, and from a folder named with the imageFolders option (--image-folder)`,
        )
      }
      const stats = statSync(found.real)
      if (!stats.isFile()) return problem(`which is ${fileKindOf(stats)}, not a regular file`)
      const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${mime}`
      const known = read.get(key)
      if (known !== undefined) return typeof known === 'string' ? known : problem(known[0]!)
      const refuse = (why: string): FieldProblem => {
        read.set(key, [why])
        return problem(why)
      }
      if (stats.size === 0) return refuse('which is an empty file')
      if (stats.size > maxBytes) return refuse(`which is ${sizeText(stats.size)}, above the ${sizeText(maxBytes)} an image may be`)
      if (files.bytes + stats.size > maxBytesInAll) {
        return problem(
          `which would take the images of this dataset past ${sizeText(maxBytesInAll)} in all (${files.files} files, ${sizeText(files.bytes)} read so far)`,
        )
      }
      const bytes = readRegularFile(found.real, stats.size)
      if (typeof bytes === 'string') return problem(bytes)
      const type = imageTypeOfBytes(bytes)
      if (type !== mime) {
        const actually = type === undefined ? 'no image type evalsuite sends' : `a ${TYPE_NAMES[type]} image; give it its extension`
        return refuse(`whose bytes are not a ${TYPE_NAMES[mime]} image, as its extension claims (they begin as ${actually})`)
      }
      const uri = `data:${mime};base64,${bytes.toString('base64')}`
      read.set(key, uri)
      files.files++
      files.bytes += bytes.length
      files.from[found.base]++
      return uri
    },
  }
}

/** The real paths of the working directory and the user's folders; a problem for a folder that is none. */
function allowedRoots(folders: readonly string[]): { roots: string[]; problem?: string } {
  const roots = [realpathSync(process.cwd())]
  for (const folder of folders) {
    const stats = statSync(folder, { throwIfNoEntry: false })
    if (!stats?.isDirectory()) return { roots, problem: `but the image folder "${folder}" (imageFolders, --image-folder) is not a folder` }
    roots.push(realpathSync(folder))
  }
  return { roots: [...new Set(roots)] }
}

function candidatesOf(reference: string, dataFile: string): [string, ImageBase][] {
  if (isAbsolute(reference)) return [[reference, 'absolute']]
  const besideData = join(dirname(dataFile), reference)
  const fromWorkingDirectory = reference
  return resolve(besideData) === resolve(fromWorkingDirectory)
    ? [[besideData, 'dataFile']]
    : [
        [besideData, 'dataFile'],
        [fromWorkingDirectory, 'workingDirectory'],
      ]
}

/** The first candidate that exists, with its real path; a dangling link counts as absent. */
function locate(candidates: [string, ImageBase][]): { real: string; base: ImageBase } | undefined {
  for (const [path, base] of candidates) {
    try {
      return { real: realpathSync(path), base }
    } catch {
      continue
    }
  }
  return undefined
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)
}

/** The file's bytes, read through one descriptor that is checked to be the regular file of the size stated. */
function readRegularFile(path: string, size: number): Buffer | string {
  let fd: number
  try {
    fd = openSync(path, OPEN_FLAGS)
  } catch (error) {
    return `which cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile() || stats.size !== size) return 'which changed while it was read'
    const bytes = Buffer.alloc(size)
    let at = 0
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at)
      if (n === 0) break
      at += n
    }
    return at === size ? bytes : 'which changed while it was read'
  } finally {
    closeSync(fd)
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
