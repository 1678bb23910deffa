import type { z } from 'zod'

/** The first five problems a schema found in a file's JSON, each at its path, for one message. */
export function schemaProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
}
