export type { Execution, Outcome } from './execution.ts'
export { createSandbox, SandboxOptionsSchema, type Sandbox, type SandboxOptions } from './sandbox.ts'
