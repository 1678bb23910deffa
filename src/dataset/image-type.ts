/** The image types OpenAI-compatible endpoints take, by file extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
}

/** The bytes each image type's files begin with; `undefined` marks a byte that may be anything (WebP's RIFF size). */
const SIGNATURES: ReadonlyArray<[string, readonly (number | undefined)[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', ascii('GIF87a')],
  ['image/gif', ascii('GIF89a')],
  ['image/webp', [...ascii('RIFF'), undefined, undefined, undefined, undefined, ...ascii('WEBP')]],
]

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0))
}

/** The image type a file's first bytes are (its magic bytes), whatever its name says; `undefined` for none of them. */
export function imageTypeOfBytes(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find(
    ([, signature]) => signature.length <= bytes.length && signature.every((byte, at) => byte === undefined || bytes[at] === byte),
  )?.[0]
}
