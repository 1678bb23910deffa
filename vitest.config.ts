import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { evalsuite } from './src/plugin.ts'

// the tests that start Vitest or the CLI in child processes, or use the built package as an installed user does
const E2E = [
  'test/e2e/**/*.test.ts',
  'test/cli/bin.test.ts',
  'test/cli/circular.test.ts',
  'test/cli/eval.test.ts',
  'test/cli/init.test.ts',
  'test/docs/**/*.test.ts',
]

export default defineConfig({
  // this repository is the evalsuite package: its examples import it by name, from source
  resolve: {
    alias: [
      { find: /^evalsuite$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^evalsuite\/benchmarks$/, replacement: fileURLToPath(new URL('./src/benchmarks/index.ts', import.meta.url)) },
    ],
  },
  test: {
    // a loaded machine (CI's two cores, shared) makes some in-process tests take seconds too
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: E2E } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          // the tests that use the package as an installed user does share one build, made before any of them runs
          globalSetup: ['test/support/build-package.ts'],
          // these files mostly wait on the child processes they start, so at least two run side by side, even on two
          // cores where Vitest's default (one fewer than the cores) would run one at a time
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Vitest runs projects of different maxWorkers as groups, one after the other: this one after the unit tests
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
  plugins: [evalsuite()],
})
