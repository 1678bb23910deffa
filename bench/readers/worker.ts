import { ADVERSARIAL_INPUTS } from './inputs.ts'
import { READERS } from './readers.ts'
import { readWorkerTask, type WorkerMessage } from './task.ts'

const task = readWorkerTask(process.argv.slice(2))
const read = READERS[task.reader]
const send = process.send?.bind(process)
if (read === undefined || send === undefined)
  throw new Error(`bench/readers/worker.ts: no reader "${task.reader}", or not started by bench/readers/index.ts`)
const post = (message: WorkerMessage): void => void send(message)

// a first call loads what the reader loads lazily (mathjs, for an answer not written as the target), which is not
// the reader's cost on any input
read('The answer is $\\boxed{6 \\cdot 6}$.')
for (let input = task.from; input < ADVERSARIAL_INPUTS.length; input++) {
  const { make } = ADVERSARIAL_INPUTS[input] as (typeof ADVERSARIAL_INPUTS)[number]
  const reply = make(task.size)
  post({ kind: 'start', input })
  // the same kind of reply at a tenth of the size first, so the times are those of optimised code, as in a run that
  // has scored other replies before this one
  read(make(Math.ceil(task.size / 10)))
  const times: number[] = []
  for (let run = 0; run < task.runs; run++) {
    post({ kind: 'start', input })
    const [wall, cpu] = [performance.now(), process.cpuUsage()]
    read(reply)
    const { user, system } = process.cpuUsage(cpu)
    times.push(task.clock === 'cpu' ? (user + system) / 1000 : performance.now() - wall)
  }
  times.sort((a, b) => a - b)
  post({ kind: 'done', input, ms: times[Math.floor(times.length / 2)] as number })
}
process.disconnect()
