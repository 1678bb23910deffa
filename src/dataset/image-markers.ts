import { contentText, type Sample } from '../schema/index.ts'
import type { FieldProblem } from './zod-issues.ts'

/** `<image 1>`, `<image 2>`, ...: where a question's text, its options or a message place the sample's images. */
export const IMAGE_MARKER = /<image (\d+)>/g

/**
 * The `<image N>` markers of a sample's texts (its input or messages, and its options) that name an image it lacks:
 * such a sample would be sent without a picture its question is about.
 */
export function missingImageProblems(sample: Sample): FieldProblem[] {
  const count = sample.images?.length ?? 0
  const problems: FieldProblem[] = []
  const check = (text: string, field: string): void => {
    const missing = [...text.matchAll(IMAGE_MARKER)].map((match) => Number(match[1])).filter((n) => n < 1 || n > count)
    if (missing.length === 0) return
    const has =
      count === 0
        ? 'it has no image (no image_N field or images list)'
        : `it has ${count} (${count === 1 ? 'image_1' : `image_1 to image_${count}`})`
    problems.push({ field, message: `places <image ${missing[0]}>, but ${has}; a sample is never sent without the images its text names` })
  }
  if (typeof sample.input === 'string') check(sample.input, 'input')
  else sample.input.forEach((message, index) => check(contentText(message.content), `input.${index}.content`))
  sample.choices?.forEach((choice, index) => check(choice, `choices.${index}`))
  return problems
}
