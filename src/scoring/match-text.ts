import { ConfigError } from '../errors.ts'
import { passageAround, type AnswerMatch } from './answer-match.ts'
import { isLongerNormalized, normalizeText, type TextOptions } from './normalize-text.ts'

const targets = (target: string | readonly string[]): readonly string[] => (typeof target === 'string' ? [target] : target)

/** Whether the text, normalised, is one of the targets; a text longer than every target is not normalised at all. */
function isOneOf(text: string, target: string | readonly string[], options: TextOptions): boolean {
  const accepted = targets(target).map((t) => normalizeText(t, options))
  const longest = accepted.reduce((most, t) => Math.max(most, t.length), 0)
  return !isLongerNormalized(text, longest, options) && accepted.includes(normalizeText(text, options))
}

/** The whole reply equals the target (or one of several accepted targets). */
export function matchExact(output: string, target: string | readonly string[], options: TextOptions = {}): AnswerMatch {
  const pass = isOneOf(output, target, options)
  return {
    pass,
    extracted: output,
    passage: output,
    explanation: pass ? 'the reply equals the target' : 'the reply is not the target',
  }
}

/** The reply contains the target (or one of several accepted targets). */
export function matchIncludes(output: string, target: string | readonly string[], options: TextOptions = {}): AnswerMatch {
  for (const t of targets(target)) {
    const escaped = normalizeText(t, options).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const source = options.whitespace === 'exact' ? escaped : escaped.replace(/ /g, '\\s+')
    const found = new RegExp(source, options.caseSensitive ? 'u' : 'iu').exec(output)
    if (found) {
      return {
        pass: true,
        extracted: t,
        passage: passageAround(output, found.index, found.index + found[0].length),
        explanation: 'the reply contains the target',
      }
    }
  }
  return { pass: false, extracted: null, passage: null, explanation: 'the reply does not contain the target' }
}

/**
 * With a RegExp target, the reply must match it. With a string target, `pattern` extracts the answer (its first
 * group, or the whole match) and the answer must equal the target.
 */
export function matchRegex(
  output: string,
  target: string | readonly string[] | RegExp,
  options: TextOptions & { pattern?: RegExp } = {},
): AnswerMatch {
  const pattern = target instanceof RegExp ? target : options.pattern
  if (pattern === undefined) {
    throw new ConfigError('toMatchAnswer kind "regex" needs a RegExp target, or a `pattern` option to extract the answer with.')
  }
  const found = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).exec(output)
  if (found === null) {
    return { pass: false, extracted: null, passage: null, explanation: `the reply does not match ${pattern}` }
  }
  const extracted = found[1] ?? found[0]
  const passage = passageAround(output, found.index, found.index + found[0].length)
  if (target instanceof RegExp) return { pass: true, extracted, passage, explanation: `the reply matches ${pattern}` }
  const accepted = isOneOf(extracted, target, options)
  return {
    pass: accepted,
    extracted,
    passage,
    explanation: accepted ? 'the extracted answer equals the target' : 'the extracted answer is not the target',
  }
}
