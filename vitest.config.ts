import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from './src/plugin.ts'

export default defineConfig({
  // this repository is the evalsuite package: its examples import it by name, from source
  resolve: {
    alias: [
      { find: /^evalsuite$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^evalsuite\/benchmarks$/, replacement: fileURLToPath(new URL('./src/benchmarks/index.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'unit',
    include: ['test/**/*.test.ts'],
    // the tests that use the package as an installed user does share one build
    globalSetup: ['test/support/build-package.ts'],
    // the end-to-end tests start Vitest in child processes
    testTimeout: 60_000,
  },
  plugins: [evalsuite()],
})
