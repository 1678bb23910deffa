import { describe, expect, it } from 'vitest'
import { keyMaskedJson, redactKeys, redactKeysDeep, redactSecrets, registerKey } from '../../src/store/index.ts'

it('masks the known secrets and anything shaped like a credential', () => {
  const text = 'key my-own-secret-value, header Bearer abc.DEF-123, sk-proj-abcdef123456 at https://bob:hunter22@example.test/v1'
  expect(redactSecrets(text, ['my-own-secret-value'])).toBe('key ***, header Bearer ***, sk-*** at https://***@example.test/v1')
})

it('leaves ordinary text and short "secrets" alone', () => {
  expect(redactSecrets('The answer is B, and skipping is fine.', ['B', undefined])).toBe('The answer is B, and skipping is fine.')
})

it('masks key-like query parameters that an endpoint echoes with the URL', () => {
  const text = 'GET http://host/v1?api_key=abc123&model=m&token=t0k&X-Amz-Signature=f00 failed; see https://user@host/x'
  expect(redactSecrets(text, [])).toBe(
    'GET http://host/v1?api_key=***&model=m&token=***&X-Amz-Signature=*** failed; see https://***@host/x',
  )
})

describe('redactKeys, for replies and everything written', () => {
  const shapes: [string, string][] = [
    [`sk-${'aB3'.repeat(16)}`, 'sk-***'],
    [`sk-proj-${'Xy7_-'.repeat(30)}`, 'sk-proj-***'],
    [`sk-ant-api03-${'Qw9e'.repeat(24)}-AA`, 'sk-ant-***'],
    [`gsk_${'R2d2'.repeat(13)}`, 'gsk_***'],
    [`AIza${'Sy_A1-b'.repeat(5)}`, 'AIza***'],
    [`xai-${'k9L'.repeat(27)}`, 'xai-***'],
    [`hf_${'Hf4'.repeat(12)}`, 'hf_***'],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Et9HFtf9R3GEMA0IICOfFMVXY7kkTX1wr4qCyhIf58U', 'Authorization: Bearer ***'],
    ['authorization: bearer 0123456789abcdefABCDEF', 'authorization: bearer ***'],
    ['Authorization: Basic dXNlcjpwYXNzd29yZDEyMzQ1Ng==', 'Authorization: Basic ***'],
  ]

  it.each(shapes)('masks a provider key shaped like %s', (key, masked) => {
    expect(redactKeys(`before ${key} after`)).toBe(`before ${masked} after`)
    expect(redactKeys(`"${key}"`)).toBe(`"${masked}"`)
  })

  it('leaves ordinary text alone, words that start like keys included', () => {
    const text = [
      'The basic idea: the bearer of bad news pays. Bearer tokens go in a header; Basic auth is older.',
      'Use sk-learn or scikit-learn for a task-specific model; sk-this-is-just-a-long-hyphenated-phrase.',
      'hf_hub_download fetches files; xai-grok is a name; AIzawa is a surname; gsk_ is a prefix.',
      'Authorization: Bearer <token>, Authorization: Basic <credentials>, bearer 12 of them.',
    ].join('\n')
    expect(redactKeys(text)).toBe(text)
  })

  it('masks a configured key of any shape wherever it appears, but not a value too short to tell from a word', () => {
    registerKey('tok-Zq81xKp02mLw77fRt4')
    registerKey('ollama')
    registerKey(undefined)
    expect(redactKeys('key tok-Zq81xKp02mLw77fRt4, twice: xtok-Zq81xKp02mLw77fRt4x; served by ollama')).toBe(
      'key ***, twice: x***x; served by ollama',
    )
  })

  it('masks every string of plain data, leaving the rest as it was', () => {
    const key = `gsk_${'R2d2'.repeat(13)}`
    const data = { text: `echo ${key}`, list: [key, 3, null, { nested: key }], count: 2, flag: true, missing: undefined }
    expect(redactKeysDeep(data)).toEqual({
      text: 'echo gsk_***',
      list: ['gsk_***', 3, null, { nested: 'gsk_***' }],
      count: 2,
      flag: true,
      missing: undefined,
    })
    expect(data.text).toBe(`echo ${key}`)
  })
})

describe('keyMaskedJson', () => {
  it('writes JSON.stringify text with every string masked as redactKeys masks it, keys behind escapes too', () => {
    const key = 'sk-proj-0123456789abcdefghijklmn'
    const value = { plain: 'nothing here', lines: [`HOME=/root\n${key}`, { quoted: `"${key}"` }], n: 1, none: null }
    const text = keyMaskedJson(value)
    expect(text).not.toContain(key)
    expect(JSON.parse(text)).toEqual(redactKeysDeep(value))
    // a text with no key is written as JSON.stringify writes it
    expect(keyMaskedJson({ a: 'b', c: [1, 'd\ne'] })).toBe(JSON.stringify({ a: 'b', c: [1, 'd\ne'] }))
  })

  it('indents as JSON.stringify does, masked or not (how reports and baselines are written)', () => {
    const key = 'sk-ant-0123456789abcdefghijklmn'
    const value = { samples: [{ output: `use ${key}` }], n: 2 }
    expect(keyMaskedJson(value, 2)).toBe(JSON.stringify(redactKeysDeep(value), null, 2))
    expect(keyMaskedJson(value, 2)).not.toContain(key)
    expect(keyMaskedJson({ a: ['b'] }, 2)).toBe(JSON.stringify({ a: ['b'] }, null, 2))
  })

  it('masks a configured key that JSON writes with escapes', () => {
    const odd = 'my"own\\key-0123456789'
    registerKey(odd)
    expect(keyMaskedJson({ said: `the key is ${odd}` })).toBe(JSON.stringify({ said: 'the key is ***' }))
  })
})
