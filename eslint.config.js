// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

// Prettier (.prettierrc) wraps code at this width; max-len holds comments to it too, which Prettier leaves alone.
const LINE_LIMIT = 140

// The recommended sets without type information: the type-aware sets took 4 min 35 s (78 s of CPU) on CI's two cores
// against 34 s (20 s of CPU) for these, and `npm run typecheck` already runs the compiler's own checks.
export default defineConfig(
  {
    // fixtures/ holds test inputs, some wrong on purpose; the rest is generated or written by runs
    ignores: [
      'api/',
      'bench/fidelity/out/',
      'bench/results/',
      'dist/',
      'docs/',
      'eval-reports/',
      'fixtures/',
      'html/',
      '**/.tmp-*/',
      '.vitest-reports*/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // long strings and URLs stay whole, since a message or an address cut in two is harder to find with grep
      'max-len': [
        'error',
        { code: LINE_LIMIT, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      // `catch {}` is how the code says "the fallback set before the try stands"
      'no-empty': ['error', { allowEmptyCatch: true }],
      // the code escapes terminal and Markdown output, and its tests, by matching control characters on purpose
      'no-control-regex': 'off',
      // Vitest reads a hook's or fixture's first parameter as fixtures and accepts only a destructuring pattern there
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      // `declare global { namespace Chai { ... } }` is the only way to add matchers to chai's Assertion
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // `const { key: _, ...rest } = value` drops a field; a leading _ marks a parameter a signature requires
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
)
