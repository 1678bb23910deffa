import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { checkAnswer, type MatchAnswerOptions } from '../../src/scoring/index.ts'

setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void
const heapAfterCollection = (): number => (collect(), process.memoryUsage().heapUsed)

// each sample keeps its check to the end of the run: a check that held its reply would hold every reply of the run
it.each<[string, MatchAnswerOptions, string, string]>([
  ['exact', { kind: 'exact', marker: 'ANSWER:' }, 'ANSWER: the capital city of France is Paris', 'the capital city of France is Paris'],
  ['number', { kind: 'number' }, 'The answer is 123456789012345', '123456789012345'],
  ['includes', { kind: 'includes' }, 'we find the capital city of France is Paris here', 'the capital city of France is Paris'],
  ['choice', { kind: 'choice' }, 'Of the options given, the answer is (B) because', 'B'],
  ['math', { kind: 'math' }, 'so the final answer is \\boxed{\\frac{123456789}{987654321}}', '\\frac{123456789}{987654321}'],
])('a %s check holds what it read, not the reply it read it from', (_, options, ending, target) => {
  // the first call loads what the matcher needs (mathjs), which stays
  checkAnswer(ending, target, options)
  const before = heapAfterCollection()
  // 200 replies of 100,000 characters, each made afresh as a parsed response is: 20 MB if the checks held them
  const checks = Array.from({ length: 200 }, (_, i) =>
    checkAnswer(JSON.parse(JSON.stringify(`${i} ${'word '.repeat(20_000)}\n${ending}`)) as string, target, options),
  )
  const held = heapAfterCollection() - before
  expect(checks[0]!.passage).toContain(target)
  expect(held).toBeLessThan(5_000_000)
})
