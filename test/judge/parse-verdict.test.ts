import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseVerdict } from '../../src/judge/index.ts'

const Verdict = z.object({ reasoning: z.string(), verdict: z.enum(['pass', 'fail']) })
const parse = (reply: string): ReturnType<typeof parseVerdict> => parseVerdict(reply, Verdict)

describe('parseVerdict accepts exactly one JSON object', () => {
  it('reads a bare object', () => {
    expect(parse('{"reasoning": "cites the policy", "verdict": "pass"}')).toEqual({
      valid: true,
      verdict: { reasoning: 'cites the policy', verdict: 'pass' },
    })
  })

  it('reads an object in a code fence, with or without a language', () => {
    expect(parse('```json\n{"reasoning": "r", "verdict": "fail"}\n```')).toEqual({
      valid: true,
      verdict: { reasoning: 'r', verdict: 'fail' },
    })
    expect(parse('  ```\n{"reasoning": "r", "verdict": "pass"}\n```\n')).toMatchObject({ valid: true })
  })

  it('sets reasoning blocks aside, even one that contains braces, and a lone closing tag with what precedes it', () => {
    expect(parse('<think>maybe {"verdict": "fail"}? no.</think>\n{"reasoning": "r", "verdict": "pass"}')).toMatchObject({
      valid: true,
      verdict: { verdict: 'pass' },
    })
    expect(parse('weighing it up {x}\n</think>{"reasoning": "r", "verdict": "pass"}')).toMatchObject({
      valid: true,
      verdict: { verdict: 'pass' },
    })
    expect(parse('<reasoning>a</reasoning><thinking>b</thinking>```json\n{"reasoning": "r", "verdict": "fail"}\n```')).toMatchObject({
      valid: true,
    })
  })
})

describe('parseVerdict rejects as invalid, never guessing', () => {
  it.each([
    ['prose', 'The reply is correct, so I would say pass.', 'no JSON object in the reply "The reply is correct, so I would say pass."'],
    ['JSON with extra text', 'Here is my verdict: {"reasoning": "r", "verdict": "pass"}', 'text outside the JSON object'],
    ['JSON followed by text', '{"reasoning": "r", "verdict": "pass"} Hope this helps!', 'text outside the JSON object'],
    [
      'two objects',
      '{"reasoning": "r", "verdict": "pass"}\n{"reasoning": "s", "verdict": "fail"}',
      '2 JSON objects in the reply; exactly one is expected',
    ],
    [
      'a schema mismatch',
      '{"reasoning": "r", "verdict": "maybe"}',
      'the verdict does not match its schema (verdict: Invalid option: expected one of "pass"|"fail")',
    ],
    [
      'a missing field',
      '{"verdict": "pass"}',
      'the verdict does not match its schema (reasoning: Invalid input: expected string, received undefined)',
    ],
    [
      'an array',
      '[{"reasoning": "r", "verdict": "pass"}]',
      'the reply is JSON but not an object: "[{\\"reasoning\\": \\"r\\", \\"verdict\\": \\"pass\\"}]"',
    ],
    ['an unclosed reasoning block', '<think>still going {"verdict": "pass"}', 'a reasoning block is never closed'],
    ['an empty reply', '  <think>x</think> ', 'the reply is empty'],
  ])('%s', (_, reply, reason) => {
    expect(parse(reply)).toEqual({ valid: false, reason })
  })

  it("names a broken object as such, quoting the JSON parser's complaint", () => {
    expect(parse('{"reasoning": "r", "verdict": pass}')).toEqual({ valid: false, reason: expect.stringMatching(/^not valid JSON \(.+\)$/) })
  })

  it('counts braces inside strings as text, not as objects', () => {
    expect(parse('{"reasoning": "a } and a {", "verdict": "pass"} {"x": 1}')).toEqual({
      valid: false,
      reason: '2 JSON objects in the reply; exactly one is expected',
    })
  })
})
