import { expect, it } from 'vitest'
import { closestName } from '../../src/metrics/index.ts'

it('suggests the name a misspelling or an abbreviation most likely meant', () => {
  expect(closestName('acuracy', ['accuracy', 'macro_f1'])).toBe('accuracy')
  expect(closestName('acc', ['macro_f1', 'accuracy'])).toBe('accuracy')
  expect(closestName('kappa', ['accuracy'])).toBeUndefined()
})

it('prefers, of two names a misspelling abbreviates, the one fewer edits away, whatever their order', () => {
  expect(closestName('tool_call', ['tool_call_accuracy', 'tool_calls'])).toBe('tool_calls')
  expect(closestName('tool_call', ['tool_calls', 'tool_call_accuracy'])).toBe('tool_calls')
})
