import { expect, it } from 'vitest'
import { withoutKeys } from '../../src/vitest/without-keys.ts'

const KEY = `xai-${'Q7w'.repeat(20)}`

it("masks the keys in a test's meta in place, and in the error it ends with, its diff and cause included", async () => {
  const sample = { output: `said ${KEY}`, checks: [{ passage: KEY, pass: false }] }
  const meta = { evalsuite: sample }
  const error = Object.assign(new Error(`expected "${KEY}" to be "4"`, { cause: new Error(`from ${KEY}`) }), { actual: KEY, expected: '4' })
  const thrown = await withoutKeys(meta, () => Promise.reject(error)).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(thrown).toBe(error)
  expect(error.message).toBe('expected "xai-***" to be "4"')
  expect(error.stack).not.toContain(KEY)
  expect([error.actual, error.expected, (error.cause as Error).message]).toEqual(['xai-***', '4', 'from xai-***'])
  expect(meta.evalsuite).toBe(sample)
  expect(sample).toEqual({ output: 'said xai-***', checks: [{ passage: 'xai-***', pass: false }] })
})

it('replaces an error whose text cannot be set by a masked copy', async () => {
  const error = new DOMException(`aborted by ${KEY}`, 'AbortError')
  const thrown = await withoutKeys({}, () => Promise.reject(error)).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(thrown).not.toBe(error)
  expect((thrown as Error).message).toBe('aborted by xai-***')
})

it('leaves a test that ended well, and its meta without keys, as they were', async () => {
  const meta = { evalsuite: { output: 'The basic answer is 4.' } }
  await expect(withoutKeys(meta, async () => undefined)).resolves.toBeUndefined()
  expect(meta).toEqual({ evalsuite: { output: 'The basic answer is 4.' } })
})
