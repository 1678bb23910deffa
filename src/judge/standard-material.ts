import type { JudgeContext } from './judge-definition.ts'

/** The reference as the judge reads it: one answer, or a list of acceptable ones. */
export function referenceText(reference: string | readonly string[]): string {
  if (typeof reference === 'string') return reference
  return reference.length === 1 ? reference[0]! : `Any one of these answers is acceptable:\n${reference.map((r) => `- ${r}`).join('\n')}`
}

/** The material of a single-output judge: the question and reference when known, then the output as "response". */
export function standardMaterial(context: JudgeContext): Record<string, string> {
  return {
    ...(context.input === undefined ? {} : { question: context.input }),
    ...(context.reference === undefined ? {} : { reference: referenceText(context.reference) }),
    response: context.output,
  }
}

/** A definition's prompt as its errors quote it: the first line, shortened. */
export function promptExcerpt(criteria: string): string {
  const line = criteria.trim().split('\n')[0]!.replace(/\s+/g, ' ')
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}
