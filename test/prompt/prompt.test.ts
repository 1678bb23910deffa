import { describe, expect, it } from 'vitest'
import { buildMessages, DEFAULT_CHOICE_PROMPT, renderTemplate } from '../../src/prompt/prompt.ts'
import { ConfigError } from '../../src/errors.ts'
import type { ChatMessage, Sample } from '../../src/schema/index.ts'

const sample: Sample = {
  id: 'q1',
  input: 'What is 2+2?',
  target: '4',
  subset: 'easy',
  metadata: { source: 'book', page: 12, verified: true, tags: ['x'], note: null },
}

const choiceSample: Sample = { id: 'c1', input: 'Capital of France?', target: 'A', choices: ['Paris', 'London', 'Berlin'] }

describe('renderTemplate', () => {
  it("fills the sample's id, input and subset and its scalar metadata fields", () => {
    expect(renderTemplate('[{id}/{subset}] {input} (from {source}, p. {page}, verified: {verified})', sample, 'arith')).toBe(
      '[q1/easy] What is 2+2? (from book, p. 12, verified: true)',
    )
  })

  it('fills {choices} with the options lettered A., B., ...', () => {
    expect(renderTemplate('{input}\n{choices}', choiceSample, 'capitals')).toBe('Capital of France?\nA. Paris\nB. London\nC. Berlin')
  })

  it('writes {{ and }} as literal braces', () => {
    expect(renderTemplate('Reply as JSON: {{"answer": "{input}"}}', sample, 'arith')).toBe('Reply as JSON: {"answer": "What is 2+2?"}')
    expect(renderTemplate('{{input}}', sample, 'arith')).toBe('{input}')
    // fields at either end, and braces that are neither escaped nor a field, kept as written
    expect(renderTemplate('{id}: {input} }{ { {input}', sample, 'arith')).toBe('q1: What is 2+2? }{ { What is 2+2?')
  })

  it("gives the sample's own fields precedence over metadata of the same name", () => {
    const shadowed: Sample = { id: 'q2', input: 'real input', target: 'x', metadata: { id: 'meta-id', input: 'meta input' } }
    expect(renderTemplate('{id}: {input}', shadowed, 'arith')).toBe('q2: real input')
  })

  it('refuses an unknown field, naming the benchmark, the sample and the fields that exist', () => {
    let error: unknown
    try {
      renderTemplate('{question}', sample, 'arith')
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).code).toBe('EVALSUITE_CONFIG_INVALID')
    expect((error as ConfigError).message).toMatchInlineSnapshot(
      `"Benchmark "arith": the prompt uses "{question}", which sample "q1" does not have. Fields: {source}, {page}, {verified}, {id}, {input}, {subset}."`,
    )
  })

  it('refuses {choices} for a sample without options', () => {
    expect(() => renderTemplate('{choices}', { id: 'q3', input: 'x', target: 'y' }, 'arith')).toThrowErrorMatchingInlineSnapshot(
      `[ConfigError: Benchmark "arith": the prompt uses "{choices}", which sample "q3" does not have. Fields: {id}, {input}.]`,
    )
  })
})

describe('buildMessages', () => {
  it('sends the input alone as the user message by default', () => {
    expect(buildMessages(sample, undefined, 'arith')).toEqual([{ role: 'user', content: 'What is 2+2?' }])
  })

  it('asks a multiple-choice sample with the default choice prompt, options lettered', () => {
    expect(buildMessages(choiceSample, undefined, 'capitals')).toEqual([
      {
        role: 'user',
        content:
          'Capital of France?\n\nA. Paris\nB. London\nC. Berlin\n\nThink it through if you need to, then give your final answer on the last line as "ANSWER: X", where X is the letter of one option.',
      },
    ])
    expect(DEFAULT_CHOICE_PROMPT.startsWith('{input}\n\n{choices}\n\n')).toBe(true)
  })

  it('fills a template prompt', () => {
    expect(buildMessages(sample, 'Solve: {input}', 'arith')).toEqual([{ role: 'user', content: 'Solve: What is 2+2?' }])
  })

  it('prepends the system message', () => {
    expect(buildMessages(sample, undefined, 'arith', 'Answer with a number.')).toEqual([
      { role: 'system', content: 'Answer with a number.' },
      { role: 'user', content: 'What is 2+2?' },
    ])
  })

  it('passes chat-message input through as is', () => {
    const chat: Sample = {
      id: 'm1',
      input: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'What is 2+2?' },
      ],
      target: '4',
    }
    expect(buildMessages(chat, undefined, 'arith')).toEqual(chat.input)
    expect(buildMessages(chat, undefined, 'arith', 'Be brief.')).toEqual([
      { role: 'system', content: 'Be brief.' },
      ...(chat.input as ChatMessage[]),
    ])
  })

  it("uses a prompt function's text as the user message, after the system message", () => {
    const prompt = (s: Sample): string => `#${s.id}: ${String(s.input)}`
    expect(buildMessages(sample, prompt, 'arith', 'Be brief.')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: '#q1: What is 2+2?' },
    ])
  })

  it('sends the messages a prompt function returns', () => {
    const prompt = (s: Sample) => [
      { role: 'user' as const, content: 'Example: 1+1?' },
      { role: 'assistant' as const, content: '2' },
      { role: 'user' as const, content: String(s.input) },
    ]
    expect(buildMessages(sample, prompt, 'arith')).toEqual(prompt(sample))
  })
})
