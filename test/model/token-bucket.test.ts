import { describe, expect, it } from 'vitest'
import { createTokenBucket } from '../../src/model/token-bucket.ts'

// 600 a minute: a bucket of 10, refilled by one every 100 ms
const PER_MINUTE = 600

describe('token buckets in shared memory', () => {
  it('draw on one balance under one name, and on their own under another', () => {
    const memory = new SharedArrayBuffer(24 * 8)
    const first = createTokenBucket(PER_MINUTE, { memory, name: 'endpoint model' })
    const second = createTokenBucket(PER_MINUTE, { memory, name: 'endpoint model' })
    const other = createTokenBucket(PER_MINUTE, { memory, name: 'endpoint other-model' })
    expect(second.waitMs(1)).toBe(0)
    first.take(10)
    expect(second.waitMs(1)).toBeGreaterThan(90)
    expect(other.waitMs(10)).toBe(0)
    second.refund(10)
    expect(first.waitMs(10)).toBe(0)
  })

  it('keep a balance of their own once every slot is taken', () => {
    const memory = new SharedArrayBuffer(24)
    createTokenBucket(PER_MINUTE, { memory, name: 'a' }).take(10)
    const crowdedOut = createTokenBucket(PER_MINUTE, { memory, name: 'b' })
    expect(crowdedOut.waitMs(10)).toBe(0)
  })
})
