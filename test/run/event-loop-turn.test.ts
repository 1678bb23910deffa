import { expect, it } from 'vitest'
import { turnIfDue } from '../../src/run/event-loop-turn.ts'

async function step(): Promise<void> {
  const turn = turnIfDue()
  if (turn) await turn
  else await Promise.resolve()
}

it('lets timers fire while a long run of instant steps goes on (replayed replies never wait for I/O)', async () => {
  let fired = 0
  const timer = setInterval(() => fired++, 1)
  const end = performance.now() + 60
  while (performance.now() < end) await step()
  clearInterval(timer)
  expect(fired).toBeGreaterThan(0)
})

it('costs nothing within a turn: right after a turn, the next step is not deferred', async () => {
  const start = performance.now()
  while (performance.now() - start < 15) await Promise.resolve()
  const turn = turnIfDue()
  expect(turn).toBeInstanceOf(Promise)
  await turn
  expect(turnIfDue()).toBeUndefined()
})
