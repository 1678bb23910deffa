import { relative } from 'node:path'
import { evalsuiteMetaOf, sampleMetaOf } from '../schema/index.ts'
import { closeVerdictStore, existingVerdictStore } from './verdict-store.ts'

/** A file's task tree as the runner hands it over: a suite or test, with its meta and how it ended. */
export interface VerdictFileTask {
  type: string
  mode: string
  meta: object
  name: string
  fullTestName?: string
  filepath?: string
  result?: { state?: string }
  tasks?: VerdictFileTask[]
}

function testsOf(task: VerdictFileTask): VerdictFileTask[] {
  return task.type === 'test' ? [task] : (task.tasks ?? []).flatMap(testsOf)
}

// samples whose test failed before or while being judged: their stored verdicts are not obsolete, just not reached
function unsettledOf(tests: readonly VerdictFileTask[]): Set<string> {
  const unsettled = new Set<string>()
  for (const test of tests) {
    const sample = sampleMetaOf(test.meta)
    if (sample ? sample.status !== 'scored' : test.result?.state === 'fail')
      unsettled.add(sample?.sampleId ?? test.fullTestName ?? test.name)
  }
  return unsettled
}

// a sample that ran and ended skipped (a wrong answer, an error within maxErrors) was run all the same; a gate test
// judges no sample
function wasRun(test: VerdictFileTask): boolean {
  if (test.mode === 'run') return true
  const entry = evalsuiteMetaOf(test.meta)
  return entry?.kind === 'gate' || (entry?.kind === 'sample' && entry.status !== 'pending')
}

/**
 * Once an eval file has run, folds its verdicts into the committed file and closes its store. After a run of the
 * whole file, verdicts nothing used are obsolete: reported, and removed with `update` (Vitest's `-u`). Returns the
 * report, if any.
 */
export function finishVerdictFile(file: VerdictFileTask, update: boolean): string | undefined {
  if (file.filepath === undefined) return undefined
  const store = existingVerdictStore(file.filepath)
  if (store === undefined) return undefined
  const tests = testsOf(file)
  const complete = tests.every(wasRun)
  const obsolete = complete ? store.unused(unsettledOf(tests)) : []
  const removed = store.save(update ? { drop: new Set(obsolete.map((v) => v.key)) } : {})
  closeVerdictStore(file.filepath)
  if (obsolete.length === 0) return undefined
  const where = relative(process.cwd(), store.file)
  const samples = [...new Set(obsolete.map((v) => `"${v.sample}"`))]
  const shown = samples.length > 5 ? `${samples.slice(0, 5).join(', ')}, … (+${samples.length - 5})` : samples.join(', ')
  return `evalsuite: ${obsolete.length} obsolete verdict(s) in ${where} that no judge call of this run used (samples ${shown}); ${action(update, obsolete.length, removed.size)}.`
}

// the store removes only what this run alone knows to be unused: while another run writes the file, its verdicts stay
function action(update: boolean, obsolete: number, removed: number): string {
  if (!update) return 'kept them; `vitest run -u` removes them'
  if (removed === obsolete) return 'removed them'
  const kept = `kept ${obsolete - removed}, since another run wrote the file meanwhile and may use them; \`vitest run -u\` alone removes them`
  return removed === 0 ? kept : `removed ${removed}, ${kept}`
}
