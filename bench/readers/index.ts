import { fork } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { ADVERSARIAL_INPUTS } from './inputs.ts'
import { READERS } from './readers.ts'
import { workerArguments, type Clock, type WorkerMessage, type WorkerTask } from './task.ts'

const LIMIT_MS = 50

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    // a call still running past the cap (wall time) is stopped, so a quadratic reader costs seconds, not hours
    cap: { type: 'string', default: '5000' },
    clock: { type: 'string', default: 'cpu' },
    // the readers whose names contain this text, e.g. "choice"
    only: { type: 'string', default: '' },
  },
})
const [size, runs, cap] = [Number(values.size), Number(values.runs), Number(values.cap)]
if (values.clock !== 'cpu' && values.clock !== 'wall')
  throw new Error(`bench/readers: --clock must be "cpu" or "wall", received "${values.clock}"`)
const clock: Clock = values.clock

/**
 * The median time of one reader on every input, in ms; Infinity where one call ran past the cap (in wall time). Each
 * reader runs in a child process, which is killed at the cap and started again on the next input.
 */
function timeReader(reader: string): Promise<number[]> {
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const start = (from: number): void => {
      if (from >= ADVERSARIAL_INPUTS.length) return resolve(times)
      const task: WorkerTask = { reader, from, size, runs, clock }
      const worker = fork(new URL('./worker.ts', import.meta.url), workerArguments(task), { execArgv: ['--import', 'tsx'] })
      let timer: NodeJS.Timeout | undefined
      let current = from
      worker.on('message', (message: WorkerMessage) => {
        clearTimeout(timer)
        if (message.kind === 'done') {
          times[message.input] = message.ms
          return
        }
        current = message.input
        timer = setTimeout(() => {
          times[current] = Number.POSITIVE_INFINITY
          worker.removeAllListeners('exit')
          worker.kill('SIGKILL')
          start(current + 1)
        }, cap)
      })
      worker.on('error', reject)
      worker.on('exit', (code) => {
        clearTimeout(timer)
        if (code === 0) resolve(times)
        else reject(new Error(`bench/readers: the worker timing "${reader}" exited with code ${code}`))
      })
    }
    start(0)
  })
}

function cell(ms: number | undefined): string {
  if (ms === undefined) return '?'
  if (ms === Number.POSITIVE_INFINITY) return `> ${cap} !`
  return `${ms.toFixed(1)}${ms > LIMIT_MS ? ' !' : ''}`
}

const readers = Object.keys(READERS).filter((name) => name.includes(values.only))
const results = new Map<string, number[]>()
for (const reader of readers) {
  process.stderr.write(`timing ${reader}\n`)
  results.set(reader, await timeReader(reader))
}

console.log(
  `Answer readers on ${size.toLocaleString('en-US')}-character adversarial replies: the median of ${runs} runs, in ms of ${clock === 'cpu' ? 'CPU time' : 'wall time'}; "!" marks over ${LIMIT_MS} ms.`,
)
console.log(`Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(1)}.\n`)
console.log(`| input | ${readers.join(' | ')} |`)
console.log(`| --- | ${readers.map(() => '---:').join(' | ')} |`)
ADVERSARIAL_INPUTS.forEach((input, i) => {
  console.log(`| ${input.name} | ${readers.map((reader) => cell(results.get(reader)?.[i])).join(' | ')} |`)
})
const over = readers.flatMap((reader) => (results.get(reader) ?? []).filter((ms) => ms > LIMIT_MS)).length
console.log(`\n${over === 0 ? `every reader within ${LIMIT_MS} ms on every input` : `${over} over ${LIMIT_MS} ms`}`)
process.exitCode = over === 0 ? 0 : 1
