import { execFileSync } from 'node:child_process'
import { expect, it } from 'vitest'

/** Every file a fresh Node process loads to import `specifier`, as its module loader reports them. */
function modulesLoadedBy(specifier: string): string[] {
  const hooks = `export async function load(url, context, next) { console.log(url); return next(url, context) }`
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)})`
  return execFileSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(register)}`,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(specifier)})`,
    ],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter((url) => url.startsWith('file:'))
}

it('loads the plugin without any dependency (zod is one), which would delay the start of the first worker', () => {
  // the built package (test/support/build-package.ts builds it), loaded as a user's config does
  const plugin = new URL('../../dist/plugin.js', import.meta.url).href
  const loaded = modulesLoadedBy(plugin)
  expect(loaded).toContain(plugin)
  expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([])
})

it("loads none of Vitest's Node side (Vite, its server, its bundler) into an eval worker, which imports the package's main entry", () => {
  const workerHas = new Set(modulesLoadedBy('vitest'))
  const added = modulesLoadedBy(new URL('../../dist/index.js', import.meta.url).href).filter((url) => !workerHas.has(url))
  expect(added.filter((url) => /\/node_modules\/(vite|vitest|rolldown)\//.test(url))).toEqual([])
})

/** How many numbers a fresh Node process formats with the locale data (Intl) while it imports `specifier`. */
function localeFormatsWhileImporting(specifier: string): number {
  const counted = `let formats = 0
const toLocaleString = Number.prototype.toLocaleString
Number.prototype.toLocaleString = function (...args) { formats++; return toLocaleString.apply(this, args) }
const NumberFormat = Intl.NumberFormat
Intl.NumberFormat = function (...args) { formats++; return new NumberFormat(...args) }
await import(${JSON.stringify(specifier)})
console.log(formats)`
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', counted], { encoding: 'utf8' }).trim())
}

it("formats no number with the locale data while an eval worker imports the package's main entry, whose first use costs 25 to 90 ms", () => {
  const byVitest = localeFormatsWhileImporting('vitest')
  expect(localeFormatsWhileImporting(new URL('../../dist/index.js', import.meta.url).href)).toBe(byVitest)
})
