import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runVitest, tableRows } from '../e2e/run-fixture.ts'
import { scratchFolder } from '../support/fixture-copy.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const scratch = scratchFolder('init')

let folders = 0
/** A new project folder with `evalsuite` installed (a link to this package, as `npm i -D evalsuite` would give). */
function project(files: Record<string, string> = {}): string {
  const dir = join(scratch, `p${++folders}`)
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  symlinkSync(ROOT, join(dir, 'node_modules', 'evalsuite'), 'dir')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** Runs the built bin in its own process, as `npx evalsuite` does. */
function evalsuite(cwd: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
    })
  })
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8')

describe('evalsuite init', () => {
  it('scaffolds an empty folder into a project whose example eval runs and passes its gate', async () => {
    const dir = project()
    const run = await evalsuite(dir, 'init')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.replace(dir, '<dir>')).toBe(
      [
        'evalsuite init in <dir>',
        '  created  vitest.config.ts',
        '  created  evals/example.eval.ts',
        '  created  evals/data/example.jsonl',
        '  created  package.json',
        '  created  .gitignore',
        '',
        'Next:',
        '  npm install --save-dev evalsuite vitest',
        '  npm run evals',
        '',
      ].join('\n'),
    )
    expect(JSON.parse(read(dir, 'package.json'))).toMatchObject({ type: 'module', scripts: { evals: 'vitest run evals' } })
    const evals = await runVitest(['evals'], {}, dir)
    expect(evals.code).toBe(0)
    expect(tableRows(evals.stdout, 'example').slice(0, 2)).toEqual([
      'example | all | accuracy | 8! | 87.5% | [50.4%, 99.4%] | pass ≥ 75.0%',
      'example: 1 wrong: t8: target other, read billing (exact)',
    ])
  })

  it('adds the plugin to an existing Vitest project without touching its settings or tests; its tests run as before, the evals when named', async () => {
    const config =
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n  test: { include: ['src/**/*.test.ts'], testTimeout: 1234 },\n})\n"
    const pkg = {
      name: 'shop',
      version: '1.2.3',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '4.1.12', evalsuite: '0.1.0' },
    }
    const dir = project({
      'vitest.config.ts': config,
      'package.json': `${JSON.stringify(pkg, null, 4)}\n`,
      'src/sum.test.ts': "import { expect, it } from 'vitest'\nit('adds', () => expect(1 + 1).toBe(2))\n",
      '.gitignore': 'node_modules\n',
    })
    const run = await evalsuite(dir, 'init')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('  updated  vitest.config.ts          (added the evalsuite plugin)\n')
    expect(run.stdout).toContain('  updated  package.json              (added script "evals")\n')
    expect(run.stdout).toContain('Next:\n  npm run evals\n')
    expect(read(dir, 'vitest.config.ts')).toBe(
      "import { defineConfig } from 'vitest/config'\nimport { evalsuite } from 'evalsuite/plugin'\n\nexport default defineConfig({\n  plugins: [evalsuite()],\n  test: { include: ['src/**/*.test.ts'], testTimeout: 1234 },\n})\n",
    )
    expect(read(dir, 'package.json')).toBe(
      `${JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, evals: 'vitest run evals' } }, null, 4)}\n`,
    )
    expect(read(dir, '.gitignore')).toBe('node_modules\neval-reports/\n')

    // the project's `npm test` runs its own tests and calls no model; `npm run evals` names the eval files
    const unit = await runVitest([], {}, dir)
    expect(unit.code).toBe(0)
    expect(unit.stdout).toMatch(/src\/sum\.test\.ts/)
    expect(unit.stdout).not.toMatch(/example\.eval\.ts/)
    const evals = await runVitest(['evals'], {}, dir)
    expect(evals.code).toBe(0)
    expect(tableRows(evals.stdout, 'example')[0]).toMatch(/^example \| all \| accuracy \| 8! \| 87\.5%/)

    const again = await evalsuite(dir, 'init')
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('  kept     vitest.config.ts          (already has the evalsuite plugin)\n')
    expect(again.stdout).toContain('  kept     evals/example.eval.ts     (already exists)\n')
  })

  it("writes an .mts config into a CommonJS package (as `npm init -y` makes), which runs without Vite's ESM warning", async () => {
    const dir = project({ 'package.json': `${JSON.stringify({ name: 'plain', version: '1.0.0', type: 'commonjs' }, null, 2)}\n` })
    const run = await evalsuite(dir, 'init')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('  created  vitest.config.mts\n')
    expect(existsSync(join(dir, 'vitest.config.ts'))).toBe(false)
    const evals = await runVitest(['evals'], {}, dir)
    expect(evals.code).toBe(0)
    expect(evals.stdout + evals.stderr).not.toMatch(/ESM syntax|CommonJS/)
    expect(tableRows(evals.stdout, 'example')[0]).toMatch(/^example \| all \| accuracy \| 8! /)
  })

  it('leaves a config it cannot edit safely as it was, and prints the lines to add', async () => {
    const config =
      "import { mergeConfig } from 'vitest/config'\nimport base from './base.config.ts'\nexport default mergeConfig(base, {})\n"
    const dir = project({ 'vitest.config.ts': config })
    const run = await evalsuite(dir, 'init')
    expect(run.code).toBe(1)
    expect(read(dir, 'vitest.config.ts')).toBe(config)
    expect(run.stderr).toContain("import { evalsuite } from 'evalsuite/plugin'")
    expect(existsSync(join(dir, 'evals/example.eval.ts'))).toBe(true)
  })

  it('answers --help with examples, and usage errors with one line and exit code 2', async () => {
    const help = await evalsuite(scratch, 'init', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('npx evalsuite init --dir packages/support-bot')
    expect(await evalsuite(scratch, 'init', '--bogus')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evalsuite init: unknown option "--bogus"; see "evalsuite init --help"\n',
    })
    const missing = await evalsuite(scratch, 'init', '--dir', 'nowhere')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(`evalsuite init: no such folder: ${join(scratch, 'nowhere')}\n`)
  })
})
