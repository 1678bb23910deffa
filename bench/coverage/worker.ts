// A thread of the coverage bench: simulates the units it is handed, one message a unit, until told to stop.
import { parentPort } from 'node:worker_threads'
import { simulate, type Unit } from './simulate.ts'

parentPort!.on('message', (unit: Unit | null) => {
  if (unit === null) return parentPort!.close()
  parentPort!.postMessage(simulate(unit))
})
