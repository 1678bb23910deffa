import { execFileSync } from 'node:child_process'
import { expect, it } from 'vitest'

it('loads the plugin without any dependency (zod is one), which would delay the start of the first worker', () => {
  // the built package (test/support/build-package.ts builds it), loaded as a user's config does, in a fresh process
  // whose module loader reports every module it loads
  const plugin = new URL('../../dist/plugin.js', import.meta.url).href
  const hooks = `export async function load(url, context, next) { console.log(url); return next(url, context) }`
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)})`
  const loaded = execFileSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', `await import(${JSON.stringify(plugin)})`], { encoding: 'utf8' })
    .split('\n')
    .filter((url) => url.startsWith('file:'))
  expect(loaded).toContain(plugin)
  expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([])
})
