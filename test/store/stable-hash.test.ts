import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import { SortedJson, stableHash, stableHasher } from '../../src/store/index.ts'

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 24)

it('hashes the JSON text with sorted keys, so committed keys stay valid', () => {
  expect(stableHash({ b: 1, a: [1, 'x', null], c: { z: true, y: 'é"\n' } })).toBe(
    sha('{"a":[1,"x",null],"b":1,"c":{"y":"é\\"\\n","z":true}}'),
  )
})

it('ignores the order of object keys at every depth, never the order of arrays', () => {
  expect(stableHash({ model: 'm', params: { top_p: 1, temperature: 0 } })).toBe(
    stableHash({ params: { temperature: 0, top_p: 1 }, model: 'm' }),
  )
  expect(stableHash({ messages: ['a', 'b'] })).not.toBe(stableHash({ messages: ['b', 'a'] }))
})

it('reads values as JSON does: absent and undefined fields are alike, undefined in a list is null', () => {
  expect(stableHash({ a: 1, attempt: undefined })).toBe(stableHash({ a: 1 }))
  expect(stableHash([1, undefined, () => 2])).toBe(stableHash([1, null, null]))
  expect(stableHash({ when: new Date(0), n: Number.NaN })).toBe(sha('{"n":null,"when":{}}'))
})

it('hashes fixed and varying fields together exactly as the one object they make', () => {
  const fixed = { provider: 'p', model: 'm', params: { top_p: 1, temperature: 0 }, unset: undefined, z: 'last' }
  const hashWith = stableHasher(fixed)
  const cases = [
    {},
    { messages: [{ role: 'user', content: 'é"' }] },
    { attempt: 2, messages: [] },
    { model: 'other' },
    { model: undefined, a: 1 },
    { zz: [undefined, 1] },
  ]
  for (const varying of cases) expect(hashWith(varying)).toBe(stableHash({ ...fixed, ...varying }))
  expect(hashWith({ attempt: 1 })).not.toBe(hashWith({ attempt: 2 }))
  // a value handed over already written out hashes as the value
  expect(hashWith({ messages: new SortedJson('[{"content":"é\\"","role":"user"}]') })).toBe(
    hashWith({ messages: [{ role: 'user', content: 'é"' }] }),
  )
})
