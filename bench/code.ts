/**
 * The code sandbox on the full data (`npm run bench:code`): every HumanEval canonical solution must pass and a broken
 * copy of each fail; every MBPP reference solution must pass; HumanEval's 164 canonical solutions are timed through
 * the benchmark's own scoring (target: under 60 s on two cores); and the sandbox's cost per program is measured against
 * the same programs run by a plain `python3` subprocess, one at a time, in alternating rounds of the same run.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { humaneval, mbpp } from '../src/benchmarks/index.ts'
import { prepareSamples } from '../src/benchmark/prepare-samples.ts'
import { resolveDefined } from '../src/benchmark/resolve-benchmark.ts'
import type { Benchmark } from '../src/benchmark/index.ts'
import { createSandbox } from '../src/sandbox/index.ts'
import { checkCode, type CodeAnswerOptions } from '../src/scoring/index.ts'
import type { Check, Sample } from '../src/schema/index.ts'

import { fullDataPath, readFullJsonl } from './full-data.ts'

const ROUNDS = 3
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function samplesOf(benchmark: Benchmark): Promise<Sample[]> {
  const model = { name: 'none', generate: () => Promise.reject(new Error('not called')) }
  return (await prepareSamples(resolveDefined(benchmark, { model }, undefined, undefined))).planned.map(({ sample }) => sample)
}

function scoreAll(benchmark: Benchmark, samples: Sample[], replies: string[]): Promise<Check[]> {
  const answer = benchmark.answer as CodeAnswerOptions
  return Promise.all(
    samples.map((sample, index) => {
      const prefix = typeof answer.prefix === 'function' ? answer.prefix(sample) : answer.prefix
      return checkCode(replies[index]!, [sample.target ?? ''].flat().join('\n'), { ...answer, prefix })
    }),
  )
}

// the interpreter's own binary, as the sandbox runs it: `python3` on PATH may be a shim (pyenv) that costs more than both
const executable = execFileSync('python3', ['-I', '-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim()

function plainPython(program: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, ['-I', '-'], { stdio: ['pipe', 'ignore', 'ignore'] })
    child.on('error', reject)
    child.on('close', resolve)
    child.stdin.end(program)
  })
}

const problems = readFullJsonl<{ task_id: string; prompt: string; canonical_solution: string; test: string; entry_point: string }>(
  'humaneval/HumanEval.jsonl',
)
const human = humaneval({ path: fullDataPath('humaneval/HumanEval.jsonl') })
const humanSamples = await samplesOf(human)

const started = performance.now()
const canonical = await scoreAll(
  human,
  humanSamples,
  problems.map((problem) => problem.canonical_solution),
)
const humanSeconds = (performance.now() - started) / 1000
const broken = await scoreAll(
  human,
  humanSamples,
  problems.map(() => '    return None\n'),
)
console.log(
  `HumanEval: ${canonical.filter((check) => check.pass).length} of ${problems.length} canonical solutions pass in ${humanSeconds.toFixed(1)} s (target under 60 s); ${broken.filter((check) => !check.pass).length} of ${problems.length} broken copies fail`,
)
for (const check of canonical.filter((c) => !c.pass)) console.log(`  failed: ${check.explanation}`)

const tasks = JSON.parse(readFileSync(fullDataPath('mbpp/sanitized-mbpp.json'), 'utf8')) as { task_id: number; code: string }[]
const basic = mbpp({ path: fullDataPath('mbpp/sanitized-mbpp.json') })
const mbppSamples = await samplesOf(basic)
const reference = await scoreAll(
  basic,
  mbppSamples,
  tasks.map((task) => task.code),
)
console.log(`MBPP (sanitized): ${reference.filter((check) => check.pass).length} of ${tasks.length} reference solutions pass`)
// a reference solution past the default time limit is slow, not wrong, when it passes given two minutes
for (const [index, check] of reference.entries()) {
  if (check.pass) continue
  const again = await checkCode(tasks[index]!.code, String(mbppSamples[index]!.target), { sandbox: { timeoutMs: 120_000 } })
  console.log(
    `  task ${tasks[index]!.task_id}: ${check.explanation}; with a 120 s limit: ${again.explanation} (${((again.execution?.durationMs ?? 0) / 1000).toFixed(1)} s)`,
  )
}

// the same 40 programs, one at a time: the sandbox's launch and limits against a bare interpreter's start
const programs = problems
  .slice(0, 40)
  .map((problem) => `${problem.prompt}${problem.canonical_solution}\n${problem.test}\ncheck(${problem.entry_point})\n`)
const sandbox = createSandbox({ concurrency: 1 })
const perProgram = { sandbox: [] as number[], plain: [] as number[] }
for (let round = 0; round < ROUNDS; round++) {
  let at = performance.now()
  for (const program of programs) await plainPython(program)
  perProgram.plain.push((performance.now() - at) / programs.length)
  at = performance.now()
  for (const program of programs) await sandbox.run(program)
  perProgram.sandbox.push((performance.now() - at) / programs.length)
}
const [sandboxed, plain] = [median(perProgram.sandbox), median(perProgram.plain)]
console.log(
  `per program, one at a time, median of ${ROUNDS} rounds of ${programs.length}: sandbox ${sandboxed.toFixed(1)} ms, plain python3 ${plain.toFixed(1)} ms: ×${(sandboxed / plain).toFixed(2)}, ${(sandboxed - plain).toFixed(1)} ms more a program`,
)
