// Shapes that credentials take in error texts: auth headers, OpenAI-style keys, user:password in URLs, and query
// parameters named like keys (?api_key=, &token=, &sig=), which an endpoint may echo with the URL it was asked for.
const CREDENTIAL_PATTERNS: Array<[RegExp, string]> = [
  [/(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 ***'],
  [/\bsk-[\w-]{6,}/g, 'sk-***'],
  [/(\/\/)[^/\s@]+@/g, '$1***@'],
  [/([?&][\w.-]*(?:key|token|secret|passw|pwd|auth|sig|credential)[\w.-]*=)[^&#\s"'<>]+/gi, '$1***'],
]

/** Removes the given secrets, and anything shaped like a credential, from a text bound for logs or reports. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text
  for (const secret of secrets) if (secret && secret.length >= 6) clean = clean.split(secret).join('***')
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) clean = clean.replace(pattern, replacement)
  return clean
}
