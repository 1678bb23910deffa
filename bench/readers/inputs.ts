/** One adversarial reply: a name for the table and a generator for a reply of about `size` characters. */
export interface AdversarialInput {
  name: string
  make: (size: number) => string
}

/** `unit` repeated to `size` characters, between a prefix and a suffix. */
function fill(unit: string, size: number, prefix = '', suffix = ''): string {
  const body = size - prefix.length - suffix.length
  return prefix + unit.repeat(Math.ceil(body / unit.length)).slice(0, body) + suffix
}

/** Half the size opening with `open`, half closing with `close`, around `inner`. */
function nested(open: string, close: string, size: number, inner = '1'): string {
  const depth = Math.floor(size / (open.length + close.length))
  return open.repeat(depth) + inner + close.repeat(depth)
}

/**
 * Replies built to make a reader backtrack: long digit runs, thousands groups, repeated answer markers, nested and
 * unclosed braces and math delimiters, long white space, and one ordinary reply repeated as the baseline.
 */
export const ADVERSARIAL_INPUTS: readonly AdversarialInput[] = [
  {
    name: 'ordinary reply, repeated',
    make: (size) => fill('She buys 3 boxes of 12 eggs, so 3 * 12 = 36 eggs.\n', size, '', '\nThe answer is $\\boxed{36}$.\nANSWER: B'),
  },
  { name: 'digit run', make: (size) => fill('7', size) },
  { name: 'digit run after "answer is"', make: (size) => fill('7', size, 'The answer is ') },
  { name: 'thousands groups', make: (size) => fill(',000', size, '1') },
  { name: 'decimal digits', make: (size) => fill('7', size, '0.') },
  { name: 'fraction, long denominator', make: (size) => fill('7', size, '1/', ',') },
  { name: 'unclosed \\frac{ of digits', make: (size) => fill('7', size, '\\frac{') },
  { name: 'digits and dots', make: (size) => fill('1.', size) },
  { name: 'repeated "answer is"', make: (size) => fill('the answer is ', size) },
  { name: 'repeated "Answer:"', make: (size) => fill('Answer: ', size) },
  { name: 'repeated "####"', make: (size) => fill('#', size) },
  { name: 'repeated "answer is ("', make: (size) => fill('answer is (', size) },
  { name: 'repeated "Answer: A"', make: (size) => fill('Answer: A\n', size) },
  { name: 'letter list after "Answer:"', make: (size) => fill('A, ', size, 'Answer: ', '1') },
  { name: 'bold letters', make: (size) => fill('**A', size) },
  { name: 'nested braces in \\boxed{', make: (size) => `\\boxed{${nested('{', '}', size - 8)}}` },
  { name: 'nested \\frac{1}{', make: (size) => nested('\\frac{1}{', '}', size) },
  { name: 'unclosed braces', make: (size) => fill('{', size, '\\boxed') },
  { name: 'unclosed \\boxed{', make: (size) => fill('\\boxed{', size) },
  { name: 'many \\boxed{1}', make: (size) => fill('\\boxed{1}', size) },
  { name: 'many \\boxed{1} and', make: (size) => fill('\\boxed{1} and ', size) },
  { name: 'math spans after "answer: x"', make: (size) => fill('$x$ ', size, 'answer: x ') },
  { name: 'unclosed \\( after "answer:"', make: (size) => fill('\\( x ', size, 'answer: ') },
  { name: 'unclosed \\[', make: (size) => fill('\\[ x ', size) },
  { name: 'unclosed $$', make: (size) => fill('$$ x ', size) },
  { name: 'dollar and escaped dollars', make: (size) => fill('\\$', size, '$') },
  { name: 'unclosed command groups after "answer:"', make: (size) => fill('\\a{', size, 'answer: ') },
  { name: 'long white space', make: (size) => fill(' ', size) },
  { name: '"answer", white space, no answer', make: (size) => fill(' ', size, 'the answer', '?') },
  { name: 'a letter, white space, a word', make: (size) => fill(' ', size, 'A', 'x') },
  { name: 'white space inside an "ANSWER:" line', make: (size) => fill(' ', size, 'ANSWER: a', 'b') },
  { name: 'newlines', make: (size) => fill('\n', size) },
  { name: 'decimal commas', make: (size) => fill('12,5 ', size) },
  { name: 'comma-joined digits', make: (size) => fill('12,', size) },
  { name: 'digits glued between letters', make: (size) => fill('A2', size) },
  { name: 'inline "$" ending lines', make: (size) => fill('$ \n9\n', size) },
  { name: 'inline "\\(" ending lines', make: (size) => fill('\\( \n', size, 'Answer ') },
  { name: 'math spans joined by "and" after "the answer is"', make: (size) => fill('$1$ and ', size, 'The final answer is ') },
  { name: 'hedged prose letters', make: (size) => fill('it must be A or ', size) },
  { name: 'prose letter, white space, a word', make: (size) => fill(' ', size, 'so it must be A', 'x') },
  { name: '"or" glued between numbers', make: (size) => fill('1or', size) },
]
