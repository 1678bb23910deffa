// Keys that evalsuite was given (a model's `apiKey`, OPENAI_API_KEY, a judge's `apiKeyEnv`), in this process. Workers
// and the main process each register their own: a key is never sent from one to the other.
const configured = new Set<string>()

// Shorter values are too often ordinary words ("ollama", "EMPTY", "no-key": what local endpoints are given as keys)
const SHORTEST_KEY = 8

// The shapes of providers' keys, each kept to what an ordinary word cannot be: a known prefix followed by a long run
// of key characters (OpenAI, Anthropic and OpenRouter `sk-`, Groq `gsk_`, Google `AIza`, xAI `xai-`, Hugging Face
// `hf_`), and an Authorization scheme followed by a long token holding a digit ("the basic idea" stays).
const KEY_SHAPES =
  /\b(?:(sk-(?:proj-|ant-|or-|svcacct-|admin-)?)(?=[\w-]*\d)[\w-]{20,}|(gsk_)[A-Za-z0-9]{20,}|(AIza)[\w-]{35}|(xai-)[A-Za-z0-9]{20,}|(hf_)[A-Za-z0-9]{30,}|([Bb]earer|BEARER|[Bb]asic|BASIC)\s+(?=[\w.~+/=-]*\d)[\w.~+/=-]{16,})/g

// In error texts only, where no reply is read, broader shapes: any auth header, any `sk-` word, user:password in URLs,
// and query parameters named like keys (?api_key=, &token=, &sig=), which an endpoint may echo with the URL it was asked for.
const ERROR_CREDENTIALS: Array<[RegExp, string]> = [
  [/(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 ***'],
  [/\bsk-[\w-]{6,}/g, 'sk-***'],
  [/(\/\/)[^/\s@]+@/g, '$1***@'],
  [/([?&][\w.-]*(?:key|token|secret|passw|pwd|auth|sig|credential)[\w.-]*=)[^&#\s"'<>]+/gi, '$1***'],
]

// what every key shape holds, tested first: most texts hold none, and this finds so sooner than the shapes do
const KEY_MARKERS = /sk-|gsk_|AIza|xai-|hf_|earer|EARER|asic|ASIC/

/** Marks a key evalsuite was configured with, so that `redactKeys` masks it wherever it appears in this process. */
export function registerKey(key: string | undefined): void {
  if (key !== undefined && key.length >= SHORTEST_KEY) configured.add(key)
}

function withoutValues(text: string, values: Iterable<string | undefined>, shortest: number): string {
  let clean = text
  for (const value of values) if (value && value.length >= shortest && clean.includes(value)) clean = clean.split(value).join('***')
  return clean
}

/**
 * Masks the keys evalsuite was configured with and the shapes of providers' keys in a text it writes or prints: a
 * reply, a record, a report. Ordinary text is left as it is.
 */
export function redactKeys(text: string): string {
  // no configured key and no shape is shorter: ids, statuses and scores' names are passed by at once
  if (text.length < SHORTEST_KEY) return text
  const clean = configured.size === 0 ? text : withoutValues(text, configured, SHORTEST_KEY)
  if (!KEY_MARKERS.test(clean)) return clean
  return clean.replace(KEY_SHAPES, (_match, ...prefixes: unknown[]) => {
    const prefix = prefixes.slice(0, 6).find((found) => typeof found === 'string') as string
    return /^[Bb]/.test(prefix) ? `${prefix} ***` : `${prefix}***`
  })
}

/**
 * A copy of plain data (objects, arrays, strings) with `redactKeys` applied to every string in it; anything else
 * (numbers, class instances) is kept as it is.
 */
export function redactKeysDeep<T>(value: T): T {
  if (typeof value === 'string') return redactKeys(value) as T
  if (Array.isArray(value)) return value.map(redactKeysDeep) as T
  if (value === null || typeof value !== 'object') return value
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = redactKeysDeep(item)
  return copy as T
}

/**
 * Applies `redactKeys` to every string of plain data in place, for records others hold (a test's meta): objects and
 * arrays keep their identity, and a string is replaced only where a key was masked in it.
 */
export function redactKeysInPlace(value: object): void {
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (typeof item === 'string') {
      const clean = redactKeys(item)
      if (clean !== item) record[key] = clean
    } else if (item !== null && typeof item === 'object') redactKeysInPlace(item)
  }
}

// whether the JSON text of a value may hold a string `redactKeys` would change: every key shape holds one of the
// markers, which JSON writes as they are; a configured key is looked for as written and as JSON writes it
function mayHoldKeys(json: string): boolean {
  if (KEY_MARKERS.test(json)) return true
  for (const key of configured) if (json.includes(key) || json.includes(JSON.stringify(key).slice(1, -1))) return true
  return false
}

/**
 * `JSON.stringify(value, null, indent)` with `redactKeys` applied to every string before it is written: masking the text afterwards
 * could miss a key, as an escape (`\n`) stands before the word that starts a line. A text with no sign of a key (nearly
 * every one) is written once, without a replacer.
 */
export function keyMaskedJson(value: unknown, indent?: number): string {
  const json = JSON.stringify(value, null, indent)
  return mayHoldKeys(json) ? JSON.stringify(value, keyRedactingReplacer, indent) : json
}

// a `JSON.stringify` replacer that applies `redactKeys` to every string value
function keyRedactingReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? redactKeys(value) : value
}

/**
 * Removes the given secrets, the configured keys, and anything shaped like a credential from an error text bound for
 * logs or reports.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = redactKeys(withoutValues(text, secrets, 6))
  for (const [pattern, replacement] of ERROR_CREDENTIALS) clean = clean.replace(pattern, replacement)
  return clean
}
