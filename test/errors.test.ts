import { expect, it } from 'vitest'
import { DatasetError, errorMessage } from '../src/errors.ts'

it('says what a caught value says, whether an Error or anything else was thrown', () => {
  expect(errorMessage(new TypeError('no such field'))).toBe('no such field')
  expect(errorMessage('a bare string')).toBe('a bare string')
  expect(errorMessage(42)).toBe('42')
  expect(errorMessage(undefined)).toBe('undefined')
})

it('lists the first ten problems of a dataset and counts the rest as every short list does', () => {
  const issues = Array.from({ length: 1_012 }, (_, index) => ({ file: 'data.jsonl', line: index + 1, message: 'not JSON' }))
  const lines = new DatasetError(issues).message.split('\n')
  expect(lines.slice(0, 2)).toEqual(['Invalid dataset:', 'data.jsonl:1: not JSON'])
  expect(lines.slice(-2)).toEqual(['data.jsonl:10: not JSON', '… and 1,002 more'])
})
