import { z } from 'zod'
import { SandboxOptionsSchema, type SandboxOptions } from '../sandbox/index.ts'

/** Options the code built-ins take beside the common ones. */
export interface CodeBuiltinOptions {
  /** Where and how long each program may run. @default 10 s, 512 MB, 1 MB of output */
  sandbox?: SandboxOptions
}

/** The code built-ins' own option, checked with the common ones. */
export const codeSandboxShape: z.ZodRawShape = { sandbox: SandboxOptionsSchema.partial().optional() }
