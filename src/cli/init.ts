import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError } from '../errors.ts'
import { MANUAL_PLUGIN_STEPS } from './add-plugin.ts'
import { EXIT, type CliOutput, type Command } from './command.ts'
import { initProject } from './init-project.ts'
import { parseOptions } from './parse-options.ts'

const HELP = `Usage: evalsuite init [options]

Sets up an eval suite in a project, and never overwrites a file:
  vitest.config.ts          created (.mts in a CommonJS package), or the evalsuite
                            plugin added to your existing Vitest or Vite config
                            (the rest of it kept as written)
  evals/example.eval.ts     an example benchmark of a function, runs offline
  evals/data/example.jsonl  its data
  package.json              the script "evals": "vitest run evals"
  .gitignore                eval-reports/

Options:
  --dir <path>  the project folder (default: the current folder)
  -h, --help    show this help

Examples:
  npx evalsuite init
  npx evalsuite init --dir packages/support-bot
`

const OPTIONS = {
  dir: { type: 'string' },
} as const

/** `evalsuite init`: scaffolds an eval suite into a project. */
export const initCommand: Command = {
  name: 'init',
  summary: 'set up evals in a project: config, an example eval and its data, the script',
  help: HELP,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions('init', args, OPTIONS)
    if (positionals.length > 0)
      throw new ConfigError(`evalsuite init: unexpected argument "${positionals[0]}"; use --dir <path> for another folder`)
    const root = resolve(values.dir ?? '.')
    if (!existsSync(root) || !statSync(root).isDirectory()) throw new ConfigError(`evalsuite init: no such folder: ${root}`)
    const result = await initProject(root)
    const width = Math.max(...result.steps.map((step) => step.path.length))
    output.stdout.write(`evalsuite init in ${root}\n`)
    for (const step of result.steps) {
      const note = step.note ? `${' '.repeat(width - step.path.length)}  (${step.note})` : ''
      output.stdout.write(`  ${step.action.padEnd(7)}  ${step.path}${note}\n`)
    }
    if (result.configUnrecognised) {
      output.stderr.write(
        `\nCould not find where to add the plugin in your config; add these two lines by hand:\n  ${MANUAL_PLUGIN_STEPS}\n`,
      )
    }
    const next =
      result.missingPackages.length > 0
        ? [`npm install --save-dev ${result.missingPackages.join(' ')}`, 'npm run evals']
        : ['npm run evals', 'npx vitest --project evals --ui   # browse the samples (needs @vitest/ui)']
    output.stdout.write(`\nNext:\n${next.map((command) => `  ${command}`).join('\n')}\n`)
    return result.configUnrecognised ? EXIT.failed : EXIT.ok
  },
}
