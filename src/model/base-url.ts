const ALONE = 'give the key in OPENAI_API_KEY (or apiKey), and the address alone, e.g. https://api.example.com/v1'

/**
 * What makes a base URL unusable, or undefined: not an http(s) address, a user name or password in it, or a query
 * string or fragment (where keys go, and where the paths the SDK appends would land). The words never repeat the
 * value, which may hold a key.
 */
export function baseURLProblem(value: string): string | undefined {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return 'must be an http:// or https:// address, e.g. http://localhost:8000/v1'
  if (url.username !== '' || url.password !== '') return `carries a user name or password; ${ALONE}`
  if (/[?#]/.test(value)) return `has a query string or fragment, which may hold a key; ${ALONE}`
  return undefined
}
