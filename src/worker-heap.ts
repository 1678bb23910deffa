import { setFlagsFromString } from 'node:v8'

// V8 sizes its next old-generation limit from the heap left by its last full collection, up to four times it. In an
// eval worker the last one comes a few seconds in, on a small heap, and none follows: what each later sample promotes,
// live or not, stays resident to the end. A smaller growth step collects every few thousand samples instead, and a
// smaller young generation keeps the heap that those collections start from small. The flags are the process's: set
// before the workers start, they hold for every worker thread it makes.
const FLAGS = { 'heap-growing-percent': 10, 'max-semi-space-size': 4 }

// a flag the user gave Node (on its command line or in NODE_OPTIONS, dashes or underscores) is theirs to keep
function givenByUser(name: string): boolean {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  return given.some((argument) => argument.replaceAll('_', '-').startsWith(`--${name}`))
}

/** Paces the old generation's collections for the eval workers this process starts. */
export function paceWorkerHeaps(): void {
  for (const [name, value] of Object.entries(FLAGS)) if (!givenByUser(name)) setFlagsFromString(`--${name}=${value}`)
}
