import { describe, expect, it } from 'vitest'
import { addPlugin } from '../../src/cli/add-plugin.ts'

describe('adding the plugin to an existing Vitest config', () => {
  it('joins an existing plugins list and keeps the rest of the file as written', () => {
    const before = [
      "import { defineConfig } from 'vitest/config'",
      "import react from '@vitejs/plugin-react'",
      '',
      'export default defineConfig({',
      '  plugins: [react()],',
      "  test: { environment: 'jsdom', testTimeout: 1234 },",
      '})',
      '',
    ].join('\n')
    expect(addPlugin(before)).toEqual({
      kind: 'added',
      text: [
        "import { defineConfig } from 'vitest/config'",
        "import react from '@vitejs/plugin-react'",
        "import { evalsuite } from 'evalsuite/plugin'",
        '',
        'export default defineConfig({',
        '  plugins: [evalsuite(), react()],',
        "  test: { environment: 'jsdom', testTimeout: 1234 },",
        '})',
        '',
      ].join('\n'),
    })
  })

  it('fills an empty plugins list', () => {
    const edit = addPlugin("import { defineConfig } from 'vitest/config'\nexport default defineConfig({ plugins: [] })\n")
    expect(edit).toEqual({
      kind: 'added',
      text: "import { defineConfig } from 'vitest/config'\nimport { evalsuite } from 'evalsuite/plugin'\nexport default defineConfig({ plugins: [evalsuite()] })\n",
    })
  })

  it("adds a plugins entry to a config without one, with the file's own indentation", () => {
    const edit = addPlugin(
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n    test: { globals: true },\n})\n",
    )
    expect(edit).toEqual({
      kind: 'added',
      text: "import { defineConfig } from 'vitest/config'\nimport { evalsuite } from 'evalsuite/plugin'\n\nexport default defineConfig({\n    plugins: [evalsuite()],\n    test: { globals: true },\n})\n",
    })
  })

  it('handles a plain exported object and a multi-line import', () => {
    const edit = addPlugin("import {\n  something,\n} from './local.js'\n\nexport default {\n  test: {},\n}\n")
    expect(edit.kind === 'added' && edit.text).toBe(
      "import {\n  something,\n} from './local.js'\nimport { evalsuite } from 'evalsuite/plugin'\n\nexport default {\n  plugins: [evalsuite()],\n  test: {},\n}\n",
    )
  })

  it("adds its own plugins entry when the only plugins list is nested, such as Rollup's", () => {
    const edit = addPlugin(
      "import { defineConfig } from 'vite'\nexport default defineConfig({\n  build: { rollupOptions: { plugins: [visualizer()] } },\n})\n",
    )
    expect(edit.kind === 'added' && edit.text).toBe(
      "import { defineConfig } from 'vite'\nimport { evalsuite } from 'evalsuite/plugin'\nexport default defineConfig({\n  plugins: [evalsuite()],\n  build: { rollupOptions: { plugins: [visualizer()] } },\n})\n",
    )
  })

  it('leaves a config that already has the plugin alone', () => {
    expect(
      addPlugin("import { evalsuite } from 'evalsuite/plugin'\nexport default { plugins: [evalsuite({ outputDir: 'x' })] }\n"),
    ).toEqual({ kind: 'present' })
  })

  it('refuses to guess where a config built by a function puts its plugins', () => {
    expect(
      addPlugin("import { mergeConfig } from 'vitest/config'\nimport base from './base.js'\nexport default mergeConfig(base, other)\n"),
    ).toEqual({ kind: 'unrecognised' })
  })
})
