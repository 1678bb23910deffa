import type { ExpectedCall, MadeCall } from './expected-call.ts'
import { callMismatch } from './expected-call.ts'

/**
 * The largest one-to-one pairing of expected calls with calls made, whatever their order (Kuhn's augmenting paths):
 * `byExpected[i]` is the index of the call paired with expected call i, or -1.
 */
export function pairCalls(expected: readonly ExpectedCall[], made: readonly MadeCall[]): number[] {
  const fits = expected.map((wanted) => made.map(({ call }) => callMismatch(wanted, call) === undefined))
  const byMade = made.map(() => -1)
  const byExpected = expected.map(() => -1)
  const augment = (index: number, seen: boolean[]): boolean => {
    for (let callIndex = 0; callIndex < made.length; callIndex++) {
      if (!fits[index]![callIndex] || seen[callIndex]) continue
      seen[callIndex] = true
      if (byMade[callIndex] === -1 || augment(byMade[callIndex]!, seen)) {
        byMade[callIndex] = index
        byExpected[index] = callIndex
        return true
      }
    }
    return false
  }
  for (let index = 0; index < expected.length; index++)
    augment(
      index,
      made.map(() => false),
    )
  return byExpected
}
