import { setFlagsFromString } from 'node:v8'

// Each sample allocates more than it keeps. V8 lets the young generation's semi-spaces grow to 16 MB, and what
// survives it is promoted to an old generation that, once a long run is going, is not collected again before the
// end. With a quarter of that, the peak of a run of 20,000 or 50,000 samples was a tenth or more lower, at no cost in
// CPU time. The flag is the process's and is read when an isolate is made: set before the workers start, it holds
// for every worker thread, though not for the main isolate, which already runs.
const SEMI_SPACE_MB = 4

// a value the user gave Node (on its command line or in NODE_OPTIONS, with dashes or underscores) is theirs to keep
function givenByUser(name: string): boolean {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  return given.some((argument) => argument.replaceAll('_', '-').startsWith(`--${name}`))
}

/** Gives the eval workers this process starts a small young generation, unless the user sized it. */
export function sizeWorkerHeaps(): void {
  if (!givenByUser('max-semi-space-size')) setFlagsFromString(`--max-semi-space-size=${SEMI_SPACE_MB}`)
}

// below this many tests in a file, the garbage of loading is too little to matter, and a collection not worth its time
const COLLECT_FROM_TESTS = 10_000

/** The part of a Vitest task that counting a file's tests reads. */
interface TaskLike {
  readonly type: string
  readonly tasks?: readonly TaskLike[]
}

// each file is weighed once, by its first benchmark: the others find it here and neither count nor collect again
const weighedFiles = new WeakSet<object>()

function testCount(task: TaskLike): number {
  return task.type === 'test' ? 1 : (task.tasks ?? []).reduce((sum, child) => sum + testCount(child), 0)
}

/**
 * One full collection in a large eval file's worker, once its tests are declared and before the first runs. Reading
 * and checking the data and declaring the tests leave garbage beside what the tests keep; V8 does not collect it, and
 * sets how far the heap may grow from the heap as it stands, so the run fills memory up to a limit raised by that
 * garbage before it collects again. It costs about a second at 50,000 samples, once. The inspector is how a program
 * asks for a collection without a flag on Node's command line; where Node has none, the run goes on without it.
 */
export async function collectLoadingGarbage(file: TaskLike): Promise<void> {
  if (weighedFiles.has(file)) return
  weighedFiles.add(file)
  if (testCount(file) < COLLECT_FROM_TESTS) return
  let inspector: typeof import('node:inspector/promises')
  try {
    inspector = await import('node:inspector/promises')
  } catch {
    return
  }
  const session = new inspector.Session()
  session.connect()
  try {
    await session.post('HeapProfiler.collectGarbage')
  } finally {
    session.disconnect()
  }
}
