import { readFullJsonl } from '../full-data.ts'

/** One reply and the target it is scored against. */
export interface Pair {
  output: string
  target: string
}

/** MATH: the 800 real chain-of-thought completions with their gold answers, and MATH-500's solutions with theirs. */
export function mathPairs(): { cot: Pair[]; math500: Pair[] } {
  const cot = readFullJsonl<{ gt: string; code: string[] }>('math_cot/math_cot_100.jsonl').flatMap((p) =>
    p.code.map((output) => ({ output, target: p.gt })),
  )
  const math500 = readFullJsonl<{ solution: string; answer: string }>('math500/test.jsonl').map((p) => ({
    output: p.solution,
    target: p.answer,
  }))
  return { cot, math500 }
}

/** MMLU-Pro: gemini-1.5-pro-002's 12,020 official replies with the gold letter. */
export function choicePairs(): Pair[] {
  return readFullJsonl<{ completion: string; answer: string }>('mmlu_pro/outputs/gemini-1.5-pro-002.jsonl').map((r) => ({
    output: r.completion,
    target: r.answer,
  }))
}

/** GSM8K: the 4 × 1,319 GPT-3 solutions with the gold number. */
export function numberPairs(): Pair[] {
  const golds = new Map(
    readFullJsonl<{ question: string; answer: string }>('gsm8k/test.jsonl').map((r) => [
      r.question,
      r.answer.split('####').at(-1)?.trim() ?? '',
    ]),
  )
  const models = ['6b_finetuning', '6b_verification', '175b_finetuning', '175b_verification'] as const
  return readFullJsonl<{ question: string } & Record<(typeof models)[number], { solution: string }>>(
    'gsm8k/example_model_solutions.jsonl',
  ).flatMap((row) => models.map((model) => ({ output: row[model].solution, target: golds.get(row.question) ?? '' })))
}

const TEN_KB = 10_000

/** Inputs built to be expensive: each must finish near or under the math time limit, never hang. */
export function pathologicalPairs(): Array<Pair & { name: string }> {
  const nested = (open: string, close: string, depth: number): string => open.repeat(depth) + '1' + close.repeat(depth)
  return [
    { name: '10 kB of prose, no answer marker', output: 'the value we want is not yet known '.repeat(TEN_KB / 35), target: '3' },
    {
      name: '5,000 nested \\frac (compared as text: over 1,000 characters)',
      output: `\\boxed{${nested('\\frac{1}{', '}', 5000)}}`,
      target: '1',
    },
    { name: '90 nested \\frac', output: `\\boxed{${nested('\\frac{1}{', '}', 90)}}`, target: '1' },
    { name: '40 nested \\sqrt{1+', output: `\\boxed{${nested('\\sqrt{1+', '}', 40)}}`, target: '1.618' },
    { name: '5,000 unclosed \\boxed{', output: '\\boxed{'.repeat(5000), target: '1' },
    { name: '5,000 unclosed \\(', output: '\\( x '.repeat(5000), target: '1' },
    { name: '10,000 dollar signs', output: '$'.repeat(TEN_KB), target: '1' },
    { name: 'exponent tower 10^{10^{10^{10^{10}}}}', output: '\\boxed{10^{10^{10^{10^{10}}}}}', target: '10^{10^{10^{10^{10}}}}+1' },
    { name: 'factorial 10^9!', output: '\\boxed{(10^9)!}', target: '\\binom{10^9}{5 \\cdot 10^8}' },
    {
      name: '400-character polynomial in 10 variables',
      output: `\\boxed{${Array.from({ length: 40 }, (_, i) => `${'abcdefghjk'[i % 10]}^{${i % 7}}`).join('+')}}`,
      target: `${Array.from({ length: 40 }, (_, i) => `${'abcdefghjk'[(i + 3) % 10]}^{${i % 7}}`).join('+')}`,
    },
    { name: '20 \\pm signs (2^20 values if expanded)', output: `\\boxed{${'1 \\pm '.repeat(20)}1}`, target: '1' },
    { name: '10 kB boxed answer of words', output: `\\boxed{1${' a'.repeat(5000)}}`, target: '1' },
    {
      name: 'a set of 250 numbers against a shuffled copy',
      output: `\\boxed{\\{${Array.from({ length: 250 }, (_, i) => i).join(',')}\\}}`,
      target: `\\{${Array.from({ length: 250 }, (_, i) => 249 - i).join(',')}\\}`,
    },
    {
      name: 'a set of 250 sums against a shuffled copy',
      output: `\\boxed{\\{${Array.from({ length: 120 }, (_, i) => `${i}+x`).join(',')}\\}}`,
      target: `\\{${Array.from({ length: 120 }, (_, i) => `x+${119 - i}`).join(',')}\\}`,
    },
  ]
}
