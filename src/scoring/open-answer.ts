/**
 * How an answer without options is read when nothing else is asked for: the rest of the reply's last "ANSWER:" line,
 * or the whole reply when it has none, compared exactly but for case and runs of spaces. The one default of
 * `describeBenchmark`, the `qa` built-in and `evalsuite eval`, so a bare "Everest" is read alike by each.
 */
export const OPEN_ANSWER = { kind: 'exact', marker: 'ANSWER:' } as const
