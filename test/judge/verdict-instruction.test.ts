import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../../src/errors.ts'
import { judge, verdictInstruction, type JudgeCase } from '../../src/judge/index.ts'

describe('the reply instruction is generated from the verdict schema', () => {
  it('lists each field with its type, choices, bounds and description, in order', () => {
    const schema = z.object({
      reasoning: z.string().describe('why, in two sentences'),
      verdict: z.enum(['correct', 'partial', 'wrong']),
      confidence: z.number().min(0).max(1),
      claims: z.int().min(0),
      flagged: z.boolean().optional(),
    })
    expect(verdictInstruction(schema, 'test')).toMatchInlineSnapshot(`
      "Reply with exactly one JSON object and nothing else: no text before or after it and no second object.
      Its fields, in this order:
      - "reasoning": a string: why, in two sentences
      - "verdict": one of "correct", "partial", "wrong"
      - "confidence": a number from 0 to 1
      - "claims": a whole number of at least 0
      - "flagged" (optional): true or false"
    `)
  })

  it('describes nested values by their JSON Schema', () => {
    expect(verdictInstruction(z.object({ claims: z.array(z.object({ text: z.string(), supported: z.boolean() })) }), 'test')).toContain(
      '- "claims": a value matching the JSON Schema {"type":"array","items":{"type":"object","properties":{"text":{"type":"string"},"supported":{"type":"boolean"}},"required":["text","supported"],"additionalProperties":false}}',
    )
  })

  it("puts the labels and the numeric scale of the built-in judges into the prompt's reply format", () => {
    const labels = judge.labels({ prompt: 'Is it polite?', labels: { polite: 1, rude: 0 } })
    const numeric = judge.numeric({ prompt: 'How helpful, 1 to 5?', min: 1, max: 5 })
    const instruction = (definition: typeof labels): string =>
      verdictInstruction((definition.workflow.cases as readonly JudgeCase[])[0]!.schema, 'test')
    expect(instruction(labels)).toContain('- "verdict": one of "polite", "rude"')
    expect(instruction(numeric)).toContain('- "score": a number from 1 to 5')
  })

  it('refuses a schema that is not an object, or has no JSON form, saying what to give', () => {
    expect(() => verdictInstruction(z.string(), 'judge.labels("x")')).toThrowError(
      new ConfigError(
        'judge.labels("x"): a verdict schema must be a zod object, e.g. z.object({ reasoning: z.string(), verdict: z.enum([...]) }).',
      ),
    )
    expect(() => verdictInstruction(z.object({ when: z.date() }), 'judge.labels("x")')).toThrow(/cannot be written as JSON Schema/)
  })
})

describe('judge definitions check their options where they are written', () => {
  it.each([
    [() => judge.labels({ prompt: '', labels: { a: 1, b: 0 } }), 'judge.labels(""): "prompt" must be a non-empty string.'],
    [
      () => judge.labels({ prompt: 'p', labels: { only: 1 } }),
      'judge.labels("p"): "labels" must map at least two labels to finite scores, e.g. { pass: 1, fail: 0 }.',
    ],
    [
      () => judge.labels({ prompt: 'p', labels: { a: 1, b: 0 }, schema: z.object({ label: z.string() }) }),
      'judge.labels("p"): "schema" must be a zod object with a "verdict" field.',
    ],
    [() => judge.numeric({ prompt: 'p', min: 5, max: 1 }), 'judge.numeric("p"): "min" and "max" must be numbers with min < max.'],
    [() => judge.skip(1, ''), 'judge.skip(score, reason): "reason" must say which rule settled the output.'],
    [
      () => judge.workflow({ name: 'w', cases: [], request: undefined as never, reduce: () => ({ pass: true, score: 1 }) }),
      'judge.workflow("w"): "request" must be a function.',
    ],
  ])('%#', (define, message) => {
    expect(define).toThrowError(new ConfigError(message))
  })
})
