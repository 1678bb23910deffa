// a label named by itself: letters and digits, "_" only between them; any other label is escaped, so no two share a name
const PLAIN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/
const ESCAPE = /^__([0-9a-f]+)_/

/** A label as the classification figures compare it: but for case and surrounding space. */
export function labelKey(label: string): string {
  return label.trim().toLowerCase()
}

const named = (body: string): string => (/^[a-z]/.test(body) ? body : `label_${body}`)

/**
 * How a label is spelled inside a metric name ("f1_positive", "recall_a"), one name a label. A plain label keeps the
 * name it always had: in lower case, with "label_" before a leading digit ("5" is "label_5"). In any other label each
 * character but a lower-case letter or digit is `__<hex code point>_`: "a-b" is "a__2d_b", apart from "a_b".
 */
export function labelSlug(label: string): string {
  const key = labelKey(label)
  // a plain "label_5" would take the name of "5"
  if (PLAIN.test(key) && !/^label_[0-9]/.test(key)) return named(key)
  return named([...key].map((char) => (/[a-z0-9]/.test(char) ? char : `__${char.codePointAt(0)!.toString(16)}_`)).join(''))
}

function unescaped(body: string): string | undefined {
  let label = ''
  for (let rest = body; rest !== '';) {
    const escape = ESCAPE.exec(rest)
    const code = escape === null ? Number.NaN : Number.parseInt(escape[1]!, 16)
    if (code <= 0x10ffff) {
      label += String.fromCodePoint(code)
      rest = rest.slice(escape![0].length)
    } else if (/^[a-z0-9_]/.test(rest)) {
      label += rest[0]
      rest = rest.slice(1)
    } else return undefined
  }
  return label
}

/** The label (in lower case) a `labelSlug` name stands for; undefined for a name no label is given. */
export function labelOfSlug(slug: string): string | undefined {
  // with or without the "label_" put before a name that would not start with a letter
  const bodies = slug.startsWith('label_') ? [slug, slug.slice('label_'.length)] : [slug]
  return bodies.map(unescaped).find((label) => label !== undefined && labelSlug(label) === slug)
}
