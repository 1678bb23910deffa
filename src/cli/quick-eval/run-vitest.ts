import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileSlug, QUICK_EVAL_KEY } from '../../schema/index.ts'
import { writeFileAtomic } from '../../store/index.ts'
import { runVitest } from '../../plugin/index.ts'
import { claimReport } from './report-claim.ts'
import type { QuickEvalSettings } from './settings.ts'

// the suite module: beside this one in src/, and built as dist/cli-suite.js (scripts/build.ts)
const SUITE = new URL(import.meta.url.endsWith('.ts') ? './suite.ts' : './cli-suite.js', import.meta.url)

/** Where a quick evaluation keeps its eval file, recorded replies and verdicts, so that a rerun replays them. */
const QUICK_EVAL_DIR = '.evalsuite'

/**
 * Runs one quick evaluation in Vitest, with the evalsuite plugin as a config would add it, and returns Vitest's exit
 * code, which carries evalsuite's verdict (the gates are tests). The eval file is written under `.evalsuite/` in the
 * project: its recorded replies and verdicts stay there, so an interrupted or repeated run asks the endpoint only for
 * what it has not answered, in CI too (a quick evaluation means to call the model and its judge; EVALSUITE_RECORDINGS
 * and EVALSUITE_VERDICTS still choose another mode).
 */
export async function runQuickEval(root: string, settings: QuickEvalSettings, outputDir: string): Promise<number> {
  // named by the benchmark's file stem, never by the data file's own name: that may hold `*`, `?` or `[`, which the
  // include would read as a glob matching other runs' eval files, or `#`, which ends a module id before a fragment
  const include = `${QUICK_EVAL_DIR}/${fileSlug(settings.name)}.eval.mjs`
  const file = join(root, include)
  // the file is the same for every run of a name (its verdict file is named after it, so a rerun finds them); what
  // this run evaluates reaches its worker through Vitest's provide, so a run started beside it never reads this one's
  const source = [
    `// written by \`evalsuite eval\`; the same for every run, which provides its settings to it`,
    `import { declareQuickEval } from ${JSON.stringify(SUITE.href)}`,
    `await declareQuickEval()`,
    '',
  ].join('\n')
  // two runs of one name would write one report in one folder: the later one waits for nothing and stops
  const folder = createHash('sha256').update(resolve(root, outputDir)).digest('hex').slice(0, 12)
  const release = claimReport(
    join(root, QUICK_EVAL_DIR, `${fileSlug(settings.name)}.${folder}.running`),
    join(outputDir, `${fileSlug(settings.name)}.json`),
  )
  try {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) await writeFileAtomic(file, source)
    return await runVitest(
      root,
      {
        include: [include],
        outputDir,
        recordings: { mode: 'auto', dir: join(QUICK_EVAL_DIR, 'recordings') },
        judge: { verdicts: 'record' },
      },
      { [QUICK_EVAL_KEY]: settings },
    )
  } finally {
    release()
  }
}
