import { createHash } from 'node:crypto'

/**
 * A per-minute allowance, refilled continuously. It holds at most one second's worth, so that a limit such as
 * 600 requests per minute is also met over short windows, as providers that enforce per-second slices expect.
 */
export interface TokenBucket {
  /** Milliseconds until `amount` is available (a request larger than the bucket waits for a full one); 0 if now. */
  waitMs(amount: number): number
  /** Spends `amount`; the balance may go below zero, and later requests wait until it is paid back. */
  take(amount: number): void
  /** Gives back what a request did not use (or, negative, charges what it used beyond its estimate). */
  refund(amount: number): void
  /** Brings the balance down to `level` if it is above it: the endpoint said less is left than the bucket thought. */
  lowerTo(level: number): void
}

/** Where a bucket keeps its balance: `at` is the time of its last refill, 0 before the first. */
interface Balance {
  level: number
  at: number
}

/** Reads and changes a balance as one step, which no other thread interleaves with. */
type BalanceStore = <T>(change: (balance: Balance) => T) => T

function localBalance(): BalanceStore {
  const balance: Balance = { level: 0, at: 0 }
  return (change) => change(balance)
}

// one slot per bucket: its name's hash and a lock (Int32), then its level and refill time (Float64)
const SLOT_BYTES = 24

function nameHash(name: string): number {
  // never 0, which marks a free slot
  return createHash('sha256').update(name).digest().readInt32LE(0) || 1
}

/**
 * A balance in memory shared between threads, found by name: threads that name the same bucket draw from one
 * balance. Undefined when every slot is taken by other names.
 */
function sharedBalance(memory: SharedArrayBuffer, name: string): BalanceStore | undefined {
  const slots = Math.floor(memory.byteLength / SLOT_BYTES)
  const ids = new Int32Array(memory, 0, slots)
  const locks = new Int32Array(memory, slots * 4, slots)
  const values = new Float64Array(memory, slots * 8, slots * 2)
  const id = nameHash(name)
  for (let probe = 0; probe < slots; probe++) {
    const slot = (((id + probe) % slots) + slots) % slots
    const holder = Atomics.compareExchange(ids, slot, 0, id)
    if (holder !== 0 && holder !== id) continue
    return (change) => {
      // the change is a few arithmetic steps, so a spin lock holds it briefly (the main thread may not Atomics.wait)
      while (Atomics.compareExchange(locks, slot, 0, 1) !== 0);
      try {
        const balance = { level: values[slot * 2]!, at: values[slot * 2 + 1]! }
        const result = change(balance)
        values[slot * 2] = balance.level
        values[slot * 2 + 1] = balance.at
        return result
      } finally {
        Atomics.store(locks, slot, 0)
      }
    }
  }
  return undefined
}

/** Memory that lets the threads of a process share buckets, and the name under which this one is shared. */
export interface SharedBucket {
  /** Any size; each bucket takes 24 bytes of it. */
  memory: SharedArrayBuffer
  name: string
}

// a clock that means the same in every thread (each thread's performance.now() starts at its own origin), and is
// never 0, which marks a balance not yet filled
const now = (): number => performance.timeOrigin + performance.now()

/** Creates a bucket that allows `perMinute` units a minute, starting full; `shared`, one balance for every thread. */
export function createTokenBucket(perMinute: number, shared?: SharedBucket): TokenBucket {
  const store = (shared && sharedBalance(shared.memory, shared.name)) ?? localBalance()
  const perMs = perMinute / 60_000
  const size = Math.max(1, perMinute / 60)
  const refill = (balance: Balance): void => {
    const time = now()
    balance.level = balance.at === 0 ? size : Math.min(size, balance.level + (time - balance.at) * perMs)
    balance.at = time
  }
  return {
    waitMs(amount) {
      return store((balance) => {
        refill(balance)
        const needed = Math.min(amount, size)
        return balance.level >= needed ? 0 : (needed - balance.level) / perMs
      })
    },
    take(amount) {
      store((balance) => {
        refill(balance)
        balance.level -= amount
      })
    },
    refund(amount) {
      store((balance) => {
        refill(balance)
        balance.level = Math.min(size, balance.level + amount)
      })
    },
    lowerTo(level) {
      store((balance) => {
        refill(balance)
        balance.level = Math.min(balance.level, level)
      })
    },
  }
}
