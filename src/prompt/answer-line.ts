/** What `qa` asks of a reply: a short answer on a last line of its own. */
export const SHORT_ANSWER_RULE = 'Keep the answer short, and give it on the last line as "ANSWER: <answer>".'
