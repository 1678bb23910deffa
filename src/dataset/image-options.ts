import { createImageReader, type ImageReader } from './image-reader.ts'

/** Where a data file's local images may be read from, besides the data file's folder and the working directory. */
export interface ImageOptions {
  /**
   * Folders a local image may also lie in (its real path, links resolved). Images outside the data file's folder, the
   * working directory and these folders are refused, as are files that are not images of the type their name says.
   * @default none
   */
  imageFolders?: string[]
}

/** The image reader of one load with these options. */
export function imageReaderOf(options: ImageOptions): ImageReader {
  return createImageReader(options.imageFolders === undefined ? {} : { folders: options.imageFolders })
}
