import { describe, expect, it } from 'vitest'
import { buildPrompt } from '../../src/prompt/few-shot-prompt.ts'
import type { Sample } from '../../src/schema/index.ts'

const sample: Sample = { id: 't1', input: 'What is 6 x 7?', target: '42', metadata: { topic: 'arithmetic' } }
const examples: Sample[] = [
  { id: 'e1', input: 'What is 2 + 2?', target: '4', metadata: { steps: '2 plus 2 is 4.' } },
  { id: 'e2', input: 'Pick the prime.', target: 'B', choices: ['4', '5'] },
]

describe('buildPrompt', () => {
  it('is the plain prompt without examples', () => {
    expect(buildPrompt({ name: 'b', prompt: 'Q: {input}' }, sample, [])).toEqual([{ role: 'user', content: 'Q: What is 6 x 7?' }])
  })

  it('puts the default examples (question, options, answer line) before the prompt', () => {
    expect(buildPrompt({ name: 'b', prompt: 'Q: {input}', system: 'Be brief.' }, sample, examples)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 2 + 2?\nANSWER: 4\n\nPick the prime.\n\nA. 4\nB. 5\nANSWER: B\n\nQ: What is 6 x 7?' },
    ])
  })

  it("renders examples with toFewShot and joins them with the few-shot template, which sees the sample's fields", () => {
    const messages = buildPrompt(
      {
        name: 'b',
        prompt: 'Question: {input}\nAnswer:',
        fewShotTemplate: 'Worked {topic} problems:\n\n{examples}\n\nNow yours.\n{prompt}',
        toFewShot: (example) =>
          `Question: ${example.input}\nAnswer: ${String(example.metadata?.steps ?? '')} The answer is ${String(example.target)}.`,
      },
      sample,
      examples.slice(0, 1),
    )
    expect(messages).toEqual([
      {
        role: 'user',
        content:
          'Worked arithmetic problems:\n\nQuestion: What is 2 + 2?\nAnswer: 2 plus 2 is 4. The answer is 4.\n\nNow yours.\nQuestion: What is 6 x 7?\nAnswer:',
      },
    ])
  })

  it("renders examples with a toFewShot template, which also sees the example's target", () => {
    const messages = buildPrompt({ name: 'b', toFewShot: 'Q: {input}\nWork: {steps}\nSo: {target}' }, sample, examples.slice(0, 1))
    expect(messages[0]!.content).toBe('Q: What is 2 + 2?\nWork: 2 plus 2 is 4.\nSo: 4\n\nWhat is 6 x 7?')
  })

  it('places the examples in the last user message of a chat prompt', () => {
    const chat = (s: Sample) => [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hello' },
      { role: 'user' as const, content: String(s.input) },
    ]
    expect(buildPrompt({ name: 'b', prompt: chat }, sample, examples.slice(0, 1)).at(-1)).toEqual({
      role: 'user',
      content: 'What is 2 + 2?\nANSWER: 4\n\nWhat is 6 x 7?',
    })
  })
})
