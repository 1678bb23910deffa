import { expect, it } from 'vitest'
import { redactSecrets } from '../../src/model/index.ts'

it('masks the known secrets and anything shaped like a credential', () => {
  const text = 'key my-own-secret-value, header Bearer abc.DEF-123, sk-proj-abcdef123456 at https://bob:hunter22@example.test/v1'
  expect(redactSecrets(text, ['my-own-secret-value'])).toBe('key ***, header Bearer ***, sk-*** at https://***@example.test/v1')
})

it('leaves ordinary text and short "secrets" alone', () => {
  expect(redactSecrets('The answer is B, and skipping is fine.', ['B', undefined])).toBe('The answer is B, and skipping is fine.')
})
