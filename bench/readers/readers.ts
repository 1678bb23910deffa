import { matchAnswer, matchChoice, matchMath, matchNumber, type AnswerMatch } from '../../src/index.ts'

/** Every answer reader, as it is called on a reply. */
export const READERS: Readonly<Record<string, (reply: string) => AnswerMatch>> = {
  number: (reply) => matchNumber(reply, 36),
  "number, marker 'A:'": (reply) => matchNumber(reply, 36, { marker: 'A:' }),
  math: (reply) => matchMath(reply, '36'),
  choice: (reply) => matchChoice(reply, 'B'),
  'choice, 4 options': (reply) => matchChoice(reply, 'B', { choices: ['Paris', 'London', 'Berlin', 'Rome'] }),
  "choice, protocol 'mmlu-pro'": (reply) => matchChoice(reply, 'B', { protocol: 'mmlu-pro' }),
  exact: (reply) => matchAnswer(reply, 'the answer is 36'),
  "exact, marker 'ANSWER:'": (reply) => matchAnswer(reply, 'B', { kind: 'exact', marker: 'ANSWER:' }),
  includes: (reply) => matchAnswer(reply, 'the answer is 36', { kind: 'includes' }),
  'regex extraction': (reply) => matchAnswer(reply, 'B', { kind: 'regex', pattern: /answer:\s*(\S+)/i }),
}
