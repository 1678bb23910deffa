import { datasets, describeBenchmark, judge, models } from 'evalsuite'
import { draftSupportReply } from './app/support-reply.ts'

// Example 4: a judge. The rule (the reply includes the policy fact) settles what it can; in the cascade policy the
// judge sees only the replies the rule marked wrong, and decides whether they say the same thing in other words.
// By default the verdicts are replayed from evals/__verdicts__/support-replies.eval.ts.jsonl. Those verdicts were
// WRITTEN BY HAND for this example, not given by a real judge model. With a judge key set, `npx vitest run evals -u`
// asks the judge again and rewrites them.
describeBenchmark('support-replies', {
  dataset: datasets.jsonl('evals/data/support-tickets.jsonl'),
  task: (sample) => draftSupportReply(String(sample.input)),
  answer: { kind: 'includes' },
  judge: {
    model: models.openai({ model: process.env.EVALSUITE_EXAMPLE_JUDGE ?? 'gpt-4o-mini' }),
    definition: judge.labels({
      prompt:
        "The response is a support agent's reply to the customer's question. The reference states the shop's policy. " +
        'Label the reply "correct" if it answers the question and agrees with the reference, in any wording; label it ' +
        '"incorrect" if it contradicts the reference, leaves the question unanswered, or states a policy the reference does not.',
      labels: { correct: 1, incorrect: 0 },
    }),
    policy: 'cascade',
  },
  thresholds: { accuracy: 0.7 },
})
