import { expect, it } from 'vitest'
import { redactSecrets } from '../../src/model/index.ts'

it('masks the known secrets and anything shaped like a credential', () => {
  const text = 'key my-own-secret-value, header Bearer abc.DEF-123, sk-proj-abcdef123456 at https://bob:hunter22@example.test/v1'
  expect(redactSecrets(text, ['my-own-secret-value'])).toBe('key ***, header Bearer ***, sk-*** at https://***@example.test/v1')
})

it('leaves ordinary text and short "secrets" alone', () => {
  expect(redactSecrets('The answer is B, and skipping is fine.', ['B', undefined])).toBe('The answer is B, and skipping is fine.')
})

it('masks key-like query parameters that an endpoint echoes with the URL', () => {
  const text = 'GET http://host/v1?api_key=abc123&model=m&token=t0k&X-Amz-Signature=f00 failed; see https://user@host/x'
  expect(redactSecrets(text, [])).toBe('GET http://host/v1?api_key=***&model=m&token=***&X-Amz-Signature=*** failed; see https://***@host/x')
})
