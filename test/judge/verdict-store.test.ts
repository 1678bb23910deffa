import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JudgeError } from '../../src/errors.ts'
import { createJudgeExecutor, finishVerdictFile, judge, verdictFileOf, verdictStoreFor, type JudgeSettings } from '../../src/judge/index.ts'
import type { Model } from '../../src/model/index.ts'
import { scriptedJudge, verdict } from './scripted-judge.ts'

const criteria = judge.labels({ prompt: 'Is the reply polite?', labels: { pass: 1, fail: 0 } })
const context = (output: string) => ({ output, input: 'Where is my parcel?' })

function settings(models: Model[], more: Partial<JudgeSettings>): JudgeSettings {
  return { models, mode: 'record', update: false, repeats: 1, swap: true, concurrency: 8, timeoutMs: 2000, ...more }
}

const evalFile = (): string => join(mkdtempSync(join(tmpdir(), 'evalsuite-verdicts-')), 'support.eval.ts')
const lines = (file: string): Array<Record<string, unknown>> =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))

async function judgeAll(file: string, model: Model, more: Partial<JudgeSettings>, outputs: Record<string, string>) {
  const executor = createJudgeExecutor(settings([model], more))
  return Promise.all(Object.entries(outputs).map(([sampleId, output]) => executor.judge(criteria, context(output), { sampleId, file })))
}

describe('verdicts committed beside the eval file', () => {
  it('records each reply once, as a readable line grouped by sample, and reuses it without a call', async () => {
    const file = evalFile()
    const grader = scriptedJudge('grader', ({ parts }) =>
      verdict(parts.get('response')!.includes('please') ? 'pass' : 'fail', 'tone checked'),
    )
    await judgeAll(file, grader, {}, { t2: 'Give me a minute.', t1: 'One moment, please.' })
    verdictStoreFor(file).save()
    expect(relative(join(file, '..'), verdictFileOf(file))).toBe('__verdicts__/support.eval.ts.jsonl')
    expect(lines(verdictFileOf(file)).map(({ key, ...rest }) => rest)).toEqual([
      {
        sample: 't1',
        case: 'judge',
        judge: 'grader',
        verdict: { reasoning: 'tone checked', verdict: 'pass' },
        usage: { inputTokens: 100, outputTokens: 20 },
      },
      {
        sample: 't2',
        case: 'judge',
        judge: 'grader',
        verdict: { reasoning: 'tone checked', verdict: 'fail' },
        usage: { inputTokens: 100, outputTokens: 20 },
      },
    ])
    expect(readdirSync(join(file, '..', '__verdicts__'))).toEqual(['support.eval.ts.jsonl'])

    const again = await judgeAll(file, grader, { mode: 'replay' }, { t2: 'Give me a minute.', t1: 'One moment, please.' })
    expect(grader.prompts).toHaveLength(2)
    expect(again.map((r) => [r.label, r.calls])).toEqual([
      ['fail', { live: 0, stored: 1, invalid: 0 }],
      ['pass', { live: 0, stored: 1, invalid: 0 }],
    ])
  })

  it('finds a verdict again although each prompt has fresh random delimiters', async () => {
    const file = evalFile()
    const grader = scriptedJudge('grader', () => verdict('pass'))
    await judgeAll(file, grader, {}, { t1: 'Sure thing.' })
    await judgeAll(file, grader, {}, { t1: 'Sure thing.' })
    expect(grader.prompts).toHaveLength(1)
  })

  it('keys a verdict by judge, prompt, sample and output: a change of any asks again', async () => {
    const file = evalFile()
    const grader = scriptedJudge('grader', () => verdict('pass'))
    await judgeAll(file, grader, {}, { t1: 'Sure thing.' })
    await judgeAll(file, grader, {}, { t1: 'Sure thing!' })
    await judgeAll(file, grader, {}, { t9: 'Sure thing.' })
    await judgeAll(
      file,
      scriptedJudge('other-grader', () => verdict('pass')),
      {},
      { t1: 'Sure thing.' },
    )
    const stricter = createJudgeExecutor(settings([grader], {}))
    await stricter.judge(judge.labels({ prompt: 'Is the reply very polite?', labels: { pass: 1, fail: 0 } }), context('Sure thing.'), {
      sampleId: 't1',
      file,
    })
    expect(grader.prompts).toHaveLength(4)
    expect(new Set([...verdictStoreFor(file).entries()].map((v) => v.key)).size).toBe(5)
  })

  it('in replay mode calls nothing for a missing verdict, and fails the sample listing what is missing and how to record it', async () => {
    const file = evalFile()
    const grader = scriptedJudge('grader', () => verdict('pass'))
    const error = await judgeAll(file, grader, { mode: 'replay', repeats: 2 }, { t7: 'Sure thing.' }).catch((e: unknown) => e as JudgeError)
    expect(grader.prompts).toHaveLength(0)
    expect(error).toBeInstanceOf(JudgeError)
    const keys = [...(error as Error).message.matchAll(/key (\w+)/g)].map((m) => m[1])
    expect((error as Error).message.replaceAll(relative(process.cwd(), join(file, '..')), '<dir>').replace(/key \w+/g, 'key <key>')).toBe(
      [
        'No stored verdict for sample "t7" in <dir>/__verdicts__/support.eval.ts.jsonl, and replay mode calls no judge. Missing:',
        '  - judge "grader", case "judge" (key <key>)',
        '  - judge "grader", case "judge", repeat 2 (key <key>)',
        "Record them with the judge's credentials set (e.g. OPENAI_API_KEY) and",
        "  EVALSUITE_VERDICTS=record npx vitest run <dir>/support.eval.ts -t 't7: '",
        'then commit the verdict file.',
      ].join('\n'),
    )
    expect(new Set(keys).size).toBe(2)
  })

  it('keys the attempts of a repeated sample apart, even with the same output, and a sample run once apart from them', async () => {
    const file = evalFile()
    const grader = scriptedJudge('grader', () => verdict('pass'))
    const executor = createJudgeExecutor(settings([grader], {}))
    const judgeAttempt = (attempt?: number) =>
      executor.judge(criteria, context('Sure thing.'), { sampleId: 't1', ...(attempt === undefined ? {} : { attempt }), file })
    await Promise.all([judgeAttempt(1), judgeAttempt(0), judgeAttempt(2)])
    await judgeAttempt()
    expect(grader.prompts).toHaveLength(4)
    expect(await judgeAttempt(1)).toMatchObject({ calls: { live: 0, stored: 1 } })
    verdictStoreFor(file).save()
    expect(lines(verdictFileOf(file)).map((v) => [v.sample, v.attempt])).toEqual([
      ['t1', undefined],
      ['t1', 0],
      ['t1', 1],
      ['t1', 2],
    ])
    const missing = await createJudgeExecutor(settings([grader], { mode: 'replay' }))
      .judge(criteria, context('Sure thing.'), { sampleId: 't1', attempt: 3, file })
      .catch((e: unknown) => (e as Error).message)
    expect(missing).toMatch(
      /^No stored verdict for sample "t1#3" in .*\n.*\n.*\n {2}EVALSUITE_VERDICTS=record npx vitest run .*support\.eval\.ts -t 't1#3: '\n/,
    )
  })

  it('keeps an invalid reply for review, never as a verdict: record mode asks again and replaces it', async () => {
    const file = evalFile()
    const rambling = scriptedJudge('grader', () => 'It seems fine to me.')
    const [first] = await judgeAll(file, rambling, {}, { t1: 'Sure thing.' })
    expect(first).toMatchObject({ status: 'invalid', calls: { live: 1, stored: 0, invalid: 1 } })
    verdictStoreFor(file).save()
    expect(lines(verdictFileOf(file))[0]).toMatchObject({
      invalid: { reason: 'no JSON object in the reply "It seems fine to me."', reply: 'It seems fine to me.' },
    })
    const [again] = await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'Sure thing.' },
    )
    expect(again).toMatchObject({ status: 'judged', label: 'pass', calls: { live: 1, stored: 0, invalid: 0 } })
    verdictStoreFor(file).save()
    expect(lines(verdictFileOf(file)).map((line) => [line.sample, line.verdict, line.invalid])).toEqual([
      ['t1', { reasoning: 'graded pass', verdict: 'pass' }, undefined],
    ])
  })

  it('in replay mode errs the sample on a stored invalid reply, saying it came from the verdict file and how to ask again', async () => {
    const file = evalFile()
    await judgeAll(
      file,
      scriptedJudge('grader', () => 'It seems fine to me.'),
      {},
      { t1: 'Sure thing.' },
    )
    const asked = scriptedJudge('grader', () => verdict('pass'))
    const [replayed] = await judgeAll(file, asked, { mode: 'replay' }, { t1: 'Sure thing.' })
    expect(asked.prompts).toHaveLength(0)
    const dir = relative(process.cwd(), join(file, '..'))
    expect(replayed).toMatchObject({ status: 'invalid', calls: { live: 0, stored: 1, invalid: 1 } })
    expect(replayed!.reason!.replaceAll(dir, '<dir>').replace(/key \w+/, 'key <key>')).toBe(
      'judge "grader": case "judge": no JSON object in the reply "It seems fine to me." (the reply stored in <dir>/__verdicts__/support.eval.ts.jsonl, key <key>). ' +
        "Replay mode keeps it; record mode asks the judge again: EVALSUITE_VERDICTS=record npx vitest run <dir>/support.eval.ts -t 't1: '",
    )
  })

  it('with -u judges again and replaces the stored verdict', async () => {
    const file = evalFile()
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'Sure thing.' },
    )
    finishVerdictFile(fileTask(file, ['t1']), false)
    const [rejudged] = await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('fail', 'too curt')),
      { update: true },
      { t1: 'Sure thing.' },
    )
    expect(rejudged).toMatchObject({ label: 'fail', calls: { live: 1, stored: 0 } })
    finishVerdictFile(fileTask(file, ['t1']), true)
    expect(lines(verdictFileOf(file)).map((v) => [v.sample, (v.verdict as { verdict: string }).verdict])).toEqual([['t1', 'fail']])
  })

  it('reports the verdicts a whole run did not use as obsolete, and with -u removes them', async () => {
    const file = evalFile()
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a', t2: 'b', t3: 'c' },
    )
    finishVerdictFile(fileTask(file, ['t1', 't2', 't3']), false)
    const where = relative(process.cwd(), verdictFileOf(file))
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a' },
    )
    expect(finishVerdictFile(fileTask(file, ['t1']), false)).toBe(
      `evalsuite: 2 obsolete verdict(s) in ${where} that no judge call of this run used (samples "t2", "t3"); kept them; \`vitest run -u\` removes them.`,
    )
    expect(lines(verdictFileOf(file))).toHaveLength(3)
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a' },
    )
    expect(finishVerdictFile(fileTask(file, ['t1']), true)).toContain('2 obsolete verdict(s)')
    expect(lines(verdictFileOf(file)).map((v) => v.sample)).toEqual(['t1'])
  })

  it('counts a wrong sample, which ends skipped, as run, and the gate tests as no sample', async () => {
    const file = evalFile()
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a', t2: 'b', gone: 'c' },
    )
    finishVerdictFile(fileTask(file, ['t1', 't2', 'gone']), false)
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a', t2: 'b' },
    )
    const run = fileTask(file, ['t1', 't2'])
    run.tasks[1]!.mode = 'skip'
    run.tasks.push({
      type: 'test',
      mode: 'skip',
      name: 'gate: accuracy ≥ 0.7',
      meta: { evalsuite: { kind: 'gate', gate: 'gate: accuracy ≥ 0.7' } },
    })
    expect(finishVerdictFile(run, false)).toContain('1 obsolete verdict(s)')
  })

  it('reports nothing obsolete after a partial run, nor for samples that failed before being judged', async () => {
    const file = evalFile()
    await judgeAll(
      file,
      scriptedJudge('grader', () => verdict('pass')),
      {},
      { t1: 'a', t2: 'b' },
    )
    finishVerdictFile(fileTask(file, ['t1', 't2']), false)
    // left out by -t: skipped before it ran, its record still pending
    const filtered = fileTask(file, ['t1', 't2'])
    filtered.tasks[1]!.mode = 'skip'
    filtered.tasks[1]!.meta = { evalsuite: { kind: 'sample', sampleId: 't2', status: 'pending' } }
    expect(finishVerdictFile(filtered, true)).toBeUndefined()
    const errored = fileTask(file, ['t1', 't2'])
    errored.tasks[1]!.meta = { evalsuite: { kind: 'sample', sampleId: 't2', status: 'errored' } }
    expect(finishVerdictFile(errored, true)).toBe(
      `evalsuite: 1 obsolete verdict(s) in ${relative(process.cwd(), verdictFileOf(file))} that no judge call of this run used (samples "t1"); removed them.`,
    )
    expect(lines(verdictFileOf(file)).map((v) => v.sample)).toEqual(['t2'])
  })
})

/** A Vitest file task as the verdict hook sees it: benchmark samples, all run and scored. */
function fileTask(file: string, samples: string[]) {
  return {
    type: 'suite',
    mode: 'run',
    name: file,
    filepath: file,
    meta: {},
    tasks: samples.map((sampleId) => ({
      type: 'test',
      mode: 'run',
      name: sampleId,
      meta: { evalsuite: { kind: 'sample', sampleId, status: 'scored' } } as object,
    })),
  }
}
