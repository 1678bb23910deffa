import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FILE_SLUG_BYTES, fileSlug, foldForFileName } from '../../src/schema/index.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

// the slug every release before hashed names wrote; files named by it are committed in users' repositories
const before = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'benchmark'

const slugs = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, fileSlug(name)]))

// the fold as documented, for any text: NFC, lower case, other than letters, marks, digits, ".", "_" and "-" a "-"
const unicodeFold = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')

describe('foldForFileName', () => {
  it('folds printable ASCII (its quick path) exactly as the Unicode rule does', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
    for (const char of printable) expect(foldForFileName(`Ab${char}9z`), JSON.stringify(char)).toBe(unicodeFold(`Ab${char}9z`))
    let state = 7
    const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31)
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: next() % 40 }, () => printable[next() % printable.length]).join('')
      expect(foldForFileName(text), JSON.stringify(text)).toBe(unicodeFold(text))
    }
    expect(foldForFileName('Ünïcode Näme')).toBe('ünïcode-näme')
  })
})

describe('fileSlug', () => {
  it('keeps the file names plain ASCII names always had', () => {
    const names = [
      'capitals',
      'gsm8k',
      'word-math',
      'order-number',
      'support-replies',
      'mmlu_pro',
      'math500',
      'judged-tone',
      'shard-mixed-part',
      'GSM8K',
      'Word Math',
      'llama 3.1',
      ' padded ',
      'v1.2_final',
    ]
    expect(slugs(names)).toEqual({
      capitals: 'capitals',
      gsm8k: 'gsm8k',
      'word-math': 'word-math',
      'order-number': 'order-number',
      'support-replies': 'support-replies',
      mmlu_pro: 'mmlu_pro',
      math500: 'math500',
      'judged-tone': 'judged-tone',
      'shard-mixed-part': 'shard-mixed-part',
      GSM8K: 'gsm8k',
      'Word Math': 'word-math',
      'llama 3.1': 'llama-3.1',
      ' padded ': 'padded',
      'v1.2_final': 'v1.2_final',
    })
    for (const name of names) expect(fileSlug(name)).toBe(before(name))
  })

  it('still finds every committed baseline under its benchmark name', () => {
    for (const dir of ['evals/__baselines__', 'fixtures/e2e/evals/__baselines__']) {
      for (const file of readdirSync(join(ROOT, dir)).filter((name) => name.endsWith('.json'))) {
        const { benchmark } = JSON.parse(readFileSync(join(ROOT, dir, file), 'utf8')) as { benchmark: string }
        expect(`${fileSlug(benchmark)}.json`, `${dir}/${file}`).toBe(basename(file))
      }
    }
  })

  it('gives names in CJK or Cyrillic readable names of their own, told apart by a hash of the exact name', () => {
    expect(slugs(['数学推理', '数学', 'Проверка знаний', 'Тест'])).toEqual({
      数学推理: '数学推理-a3a65020',
      数学: '数学-872c1fa1',
      'Проверка знаний': 'проверка-знаний-218d97f2',
      Тест: 'тест-eae4c06a',
    })
  })

  it('tells a name with a slash from the same name with a dash', () => {
    expect(slugs(['a/b', 'a-b', 'a\\b', 'mmlu/abstract_algebra'])).toEqual({
      'a/b': 'a-b-c14cddc0',
      'a-b': 'a-b',
      'a\\b': 'a-b-c62016d0',
      'mmlu/abstract_algebra': 'mmlu-abstract_algebra-0549be61',
    })
  })

  it('cuts a 300-character name to a safe length, keeping its start and a hash of all of it', () => {
    const long = 'x'.repeat(300)
    expect(fileSlug(long)).toBe(`${'x'.repeat(91)}-0d4e2ca9`)
    expect(fileSlug(`${long}y`)).not.toBe(fileSlug(long))
    const cyrillic = 'Какой-то очень длинный '.repeat(20)
    expect(fileSlug(cyrillic)).toBe('какой-то-очень-длинный-какой-то-очень-длинный-как-328e6126')
    expect(Buffer.byteLength(fileSlug(cyrillic))).toBeLessThanOrEqual(FILE_SLUG_BYTES)
    expect(Buffer.byteLength(fileSlug('数'.repeat(300)))).toBeLessThanOrEqual(FILE_SLUG_BYTES)
  })

  it('never names a hidden dot-file', () => {
    expect(slugs(['.hidden', '.env', '..', '...', '-.a'])).toEqual({
      '.hidden': 'hidden-16924190',
      '.env': 'env-e9cbb022',
      '..': 'benchmark-5ec1f7e7',
      '...': 'benchmark-ab5df625',
      '-.a': 'a-17d59ae2',
    })
  })

  it('drops control characters and terminal escape sequences, hashing what they were', () => {
    expect(slugs(['\u001b[31mred\u001b[0m', 'tab\there\nnewline', 'nul\u0000name'])).toEqual({
      '\u001b[31mred\u001b[0m': 'red-f0fdc93e',
      'tab\there\nnewline': 'tab-here-newline-fdff5f05',
      'nul\u0000name': 'nul-name-7d9b81ce',
    })
  })

  it('gives names with nothing readable a hashed "benchmark"', () => {
    expect(slugs(['', '---', '???'])).toEqual({ '': 'benchmark-e3b0c442', '---': 'benchmark-cb3f91d5', '???': 'benchmark-a03b221c' })
  })

  it('shares a name only between names that differ in case, spaces or dashes alone', () => {
    expect(new Set(['Word Math', 'word math', 'word-math', 'WORD  MATH'].map(fileSlug))).toEqual(new Set(['word-math']))
    expect(fileSlug('Café')).not.toBe(fileSlug('Cafe\u0301'))
  })
})
