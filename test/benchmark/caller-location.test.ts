import { expect, it } from 'vitest'
import { callerLocation } from '../../src/benchmark/caller-location.ts'

it("names the first line outside evalsuite's own files, relative to the working directory", () => {
  const line = Number(new Error().stack?.split('\n')[1]?.match(/:(\d+):\d+\)?$/)?.[1]) + 1
  expect(callerLocation()).toBe(`test/benchmark/caller-location.test.ts:${line}`)
})
