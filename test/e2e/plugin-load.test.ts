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
