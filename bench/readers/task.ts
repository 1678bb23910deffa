import { parseArgs } from 'node:util'

/** "cpu" is the process's user and system time, which a shared machine's load inflates far less than wall time. */
export type Clock = 'cpu' | 'wall'

/** What the runner asks of one worker: one reader, on the inputs from `from` on. */
export interface WorkerTask {
  reader: string
  from: number
  size: number
  runs: number
  clock: Clock
}

/** A worker's messages: it starts a call on an input (each of them), then reports the input's median time. */
export type WorkerMessage = { kind: 'start'; input: number } | { kind: 'done'; input: number; ms: number }

/** The command-line arguments that give a worker its task. */
export function workerArguments(task: WorkerTask): string[] {
  return Object.entries(task).flatMap(([name, value]) => [`--${name}`, String(value)])
}

/** The task given by `workerArguments`. */
export function readWorkerTask(args: string[]): WorkerTask {
  const text = { type: 'string', default: '' } as const
  const { values } = parseArgs({ args, options: { reader: text, from: text, size: text, runs: text, clock: text } })
  if (values.clock !== 'cpu' && values.clock !== 'wall')
    throw new Error(`bench/readers: --clock must be "cpu" or "wall", received "${values.clock}"`)
  return { reader: values.reader, from: Number(values.from), size: Number(values.size), runs: Number(values.runs), clock: values.clock }
}
