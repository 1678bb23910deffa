import type { z } from 'zod'
import { cutText } from './cut-text.ts'

// a path is made of the file's own keys, which a hostile file may make a megabyte long
const SHOWN_CHARS = 300

/** The first five problems a schema found in a file's JSON, each at its path and cut to a few hundred characters, for one message. */
export function schemaProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => cutText(`${issue.path.join('.') || '(root)'}: ${issue.message}`, SHOWN_CHARS))
    .join('; ')
}
