// The bench figures of two commits side by side: `npm run bench:before-after -- [--before <rev>] [--rounds N]
// [--only replay,overhead,memory] [--replay-samples N] [--overhead A,B] [--memory-samples N]`. BEFORE is checked out
// into a temporary git worktree (its node_modules hard-linked from this tree's), AFTER is this tree as it stands; each
// bench runs on BEFORE, then on AFTER, round after round, so that a change in the machine's load falls on both alike,
// and the medians are compared.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { wholeNumberFlag } from './before-after/flags.ts'

const REPO = fileURLToPath(new URL('..', import.meta.url))
const RESULTS = join(REPO, 'bench/results')
const LOGS = join(RESULTS, 'before-after-logs')

type Side = 'before' | 'after'
type BenchName = 'replay' | 'overhead' | 'memory'
const BENCHES: readonly BenchName[] = ['replay', 'overhead', 'memory']

/** One figure a bench leaves in its results file; every figure here is better lower. */
interface Figure {
  bench: BenchName
  name: string
  unit: string
  read(results: unknown): number | null
}

interface ReplayResults {
  replay: { ratio: number; cpuRatio: number | null; replayMs: number }
  recording: { ratio: number }
}
interface OverheadResults {
  scenarios: { name: string; median: { ratio: number; evalPhaseMs: number } }[]
}
interface MemoryResults {
  rows: { samples: number; evalsuiteMib: number; ratio: number; compactMib?: number }[]
  growth: { evalsuite: number }
}

const scenario = (results: unknown, name: string) => (results as OverheadResults).scenarios.find((s) => s.name === name)?.median
const largest = (results: unknown) => (results as MemoryResults).rows.at(-1)!

const FIGURES: Figure[] = [
  { bench: 'replay', name: 'replay ÷ plain Vitest (wall)', unit: '×', read: (r) => (r as ReplayResults).replay.ratio },
  { bench: 'replay', name: 'replay ÷ plain Vitest (CPU)', unit: '×', read: (r) => (r as ReplayResults).replay.cpuRatio },
  { bench: 'replay', name: 'replay (wall)', unit: 'ms', read: (r) => (r as ReplayResults).replay.replayMs },
  { bench: 'replay', name: 'recording ÷ live, 1,000 × 50 ms', unit: '×', read: (r) => (r as ReplayResults).recording.ratio },
  { bench: 'overhead', name: 'overhead A, 1,000 × 50 ms ÷ raw loop', unit: '×', read: (r) => scenario(r, 'A')?.ratio ?? null },
  { bench: 'overhead', name: 'overhead B, 5,000 × 0 ms ÷ raw loop', unit: '×', read: (r) => scenario(r, 'B')?.ratio ?? null },
  { bench: 'overhead', name: 'overhead B, eval phase', unit: 'ms', read: (r) => scenario(r, 'B')?.evalPhaseMs ?? null },
  { bench: 'memory', name: 'memory, largest run: peak', unit: 'MiB', read: (r) => largest(r).evalsuiteMib },
  { bench: 'memory', name: 'memory, largest run ÷ plain Vitest (forks)', unit: '×', read: (r) => largest(r).ratio },
  { bench: 'memory', name: 'memory, largest run with compactWorkerHeaps', unit: 'MiB', read: (r) => largest(r).compactMib ?? null },
  { bench: 'memory', name: 'memory growth a sample', unit: 'B', read: (r) => (r as MemoryResults).growth.evalsuite },
]

function git(args: string[], cwd = REPO): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
}

/**
 * The default BEFORE: the first parent of the merge that brought issue 35's layout in, or, where it landed as plain
 * commits, of the first of them (the move into folders by concept).
 */
function defaultBefore(): string {
  const merge = git(['log', '--merges', '--format=%H', '--grep', "Merge branch 'house'", 'HEAD'])
  if (merge !== '') return git(['rev-parse', `${merge.split('\n').at(-1)}^1`])
  const move = git(['log', '--format=%H', '--grep', 'Move files into folders by concept (issue 35', 'HEAD'])
  if (move === '') throw new Error('no commit of issue 35 layout found in the history of HEAD; give --before <rev>')
  return git(['rev-parse', `${move.split('\n').at(-1)}^1`])
}

interface Options {
  before: string
  rounds: number
  only: BenchName[]
  memorySamples: number
  replaySamples: number
  /** The overhead bench's scenarios: A (1,000 samples at 50 ms) and B (5,000 at 0 ms). */
  overhead: string[]
}

function parseOptions(args: string[]): Options {
  const rounds = wholeNumberFlag(args, 'rounds', 3)
  const memory = wholeNumberFlag(rounds.rest, 'memory-samples', 10_000, 10)
  const replay = wholeNumberFlag(memory.rest, 'replay-samples', 5000, 10)
  let before: string | undefined
  let only: BenchName[] = [...BENCHES]
  let overhead = ['A', 'B']
  const rest = replay.rest
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--before') before = rest[++i]
    else if (rest[i] === '--only') {
      only = (rest[++i] ?? '').split(',') as BenchName[]
      const unknown = only.filter((name) => !BENCHES.includes(name))
      if (unknown.length > 0) throw new Error(`--only: unknown bench ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`)
    } else if (rest[i] === '--overhead') overhead = (rest[++i] ?? '').split(',')
    else throw new Error(`unknown argument "${rest[i]}"; see the first line of bench/before-after.ts`)
  }
  return {
    before: git(['rev-parse', '--verify', `${before ?? defaultBefore()}^{commit}`]),
    rounds: rounds.value,
    only,
    memorySamples: memory.value,
    replaySamples: replay.value,
    overhead,
  }
}

/**
 * BEFORE in a worktree of its own, its node_modules hard-linked (the lockfile's packages are the same files), with
 * this tree's bench code and test server laid over its own: both sides are measured by the same code, so that a
 * difference is the package's.
 */
function checkOutBefore(rev: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'evalsuite-before-'))
  git(['worktree', 'add', '--detach', dir, rev])
  execFileSync('cp', ['-al', join(REPO, 'node_modules'), join(dir, 'node_modules')])
  rmSync(join(dir, 'bench'), { recursive: true, force: true })
  cpSync(join(REPO, 'bench'), join(dir, 'bench'), { recursive: true, filter: (source) => !source.startsWith(RESULTS) })
  cpSync(join(REPO, 'test/support/openai-server.ts'), join(dir, 'test/support/openai-server.ts'))
  return dir
}

function argsOf(bench: BenchName, options: Options): string[] {
  if (bench === 'replay') return ['bench/replay.ts', '--rounds', '1', '--samples', String(options.replaySamples)]
  if (bench === 'overhead') return ['bench/overhead.ts', '--rounds', '1', ...options.overhead]
  return ['bench/memory.ts', String(options.memorySamples), '1']
}

const resultsFile = (tree: string, bench: BenchName): string => join(tree, 'bench/results', `${bench}.json`)

/** Runs one bench in one tree, its output kept in a log; returns its results file as parsed. */
async function runBench(tree: string, bench: BenchName, options: Options, log: string): Promise<unknown> {
  rmSync(resultsFile(tree, bench), { force: true })
  const child = spawn(process.execPath, ['--import', 'tsx', ...argsOf(bench, options)], {
    cwd: tree,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  writeFileSync(log, output)
  if (code !== 0) throw new Error(`${bench} in ${tree} exited with ${code}; its output is in ${log}:\n${output.slice(-3000)}`)
  return JSON.parse(readFileSync(resultsFile(tree, bench), 'utf8'))
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function shown(value: number | null, unit: string): string {
  if (value === null) return 'n/a'
  if (unit === '×') return `×${value.toFixed(3)}`
  return `${Math.round(value).toLocaleString('en-US')} ${unit}`
}

interface Run {
  options: Options
  after: string
  dirty: boolean
  startedAt: string
  values: Map<string, Record<Side, (number | undefined)[]>>
  loads: number[]
  roundsDone: number
}

/** The medians so far, and their table; written after every round, so that a run cut short still leaves its rounds. */
function summarize(run: Run, uptime: string): string {
  const rows = FIGURES.filter((f) => run.options.only.includes(f.bench)).map((f) => {
    // by round: a run that failed leaves its round's place empty
    const { before, after } = run.values.get(f.name)!
    const b = median(before.filter((value) => value !== undefined))
    const a = median(after.filter((value) => value !== undefined))
    const perRound = before.flatMap((value, i) => (value === undefined || after[i] === undefined ? [] : [after[i]! / value]))
    return { figure: f.name, unit: f.unit, before: b, after: a, ratio: a === null || b === null ? null : a / b, perRound }
  })
  const header = '| figure | before | after | after ÷ before | per round |\n|---|---:|---:|---:|---|'
  const lines = rows.map(
    (row) =>
      `| ${row.figure} | ${shown(row.before, row.unit)} | ${shown(row.after, row.unit)} | ${row.ratio === null ? 'n/a' : `×${row.ratio.toFixed(3)}`} | ${row.perRound.map((r) => r.toFixed(3)).join(', ')} |`,
  )
  const load = { min: Math.min(...run.loads), median: median(run.loads), max: Math.max(...run.loads) }
  const json = { createdAt: new Date().toISOString(), ...run.options, after: run.after, dirty: run.dirty, roundsDone: run.roundsDone }
  const output = join(RESULTS, 'before-after.json')
  writeFileSync(output, `${JSON.stringify({ ...json, load, startedAt: run.startedAt, endedAt: uptime, rows }, null, 2)}\n`)
  return (
    `${header}\n${lines.join('\n')}\n\n${run.roundsDone} of ${run.options.rounds} rounds. Load average (1 min) at each bench's start: ` +
    `${load.min.toFixed(1)} to ${load.max.toFixed(1)}, median ${load.median!.toFixed(1)}.\n  at the start: ${run.startedAt}\n  now:          ${uptime}\n` +
    `Results in ${output}; each bench's output in ${LOGS}`
  )
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim()
  const run: Run = {
    options,
    after: git(['rev-parse', 'HEAD']),
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    startedAt: uptime(),
    values: new Map(FIGURES.map((f) => [f.name, { before: [], after: [] }])),
    loads: [],
    roundsDone: 0,
  }
  console.log(
    `before ${options.before.slice(0, 10)}, after ${run.after.slice(0, 10)}${run.dirty ? ' with uncommitted changes' : ''}; ` +
      `${options.rounds} rounds of ${options.only.join(', ')}, each bench on before then after (${availableParallelism()} CPUs, Node ${process.version})`,
  )
  console.log(`  ${run.startedAt}`)
  mkdirSync(LOGS, { recursive: true })
  const beforeTree = checkOutBefore(options.before)
  const trees: Record<Side, string> = { before: beforeTree, after: REPO }
  try {
    for (let round = 1; round <= options.rounds; round++) {
      for (const bench of options.only) {
        for (const side of ['before', 'after'] as const) {
          run.loads.push(loadavg()[0]!)
          const started = performance.now()
          const log = join(LOGS, `${bench}-${side}-${round}.log`)
          let results: unknown
          try {
            results = await runBench(trees[side], bench, options, log)
          } catch (error) {
            // one failed run leaves a gap in its column; the rounds go on
            console.log(`  round ${round}, ${bench}, ${side}: FAILED, see ${log}: ${(error as Error).message.split('\n')[0]}`)
            continue
          }
          const read = FIGURES.filter((f) => f.bench === bench).map((f) => {
            const value = f.read(results)
            if (value !== null) run.values.get(f.name)![side][round - 1] = value
            return `${f.name.split(',')[0]} ${shown(value, f.unit)}`
          })
          const seconds = Math.round((performance.now() - started) / 1000)
          console.log(
            `  round ${round}, ${bench}, ${side} (${seconds} s, load ${run.loads.at(-1)!.toFixed(1)}): ${[...new Set(read)].join('; ')}`,
          )
        }
      }
      run.roundsDone = round
      const summary = summarize(run, uptime())
      if (round < options.rounds) console.log(`  round ${round} done; medians so far in bench/results/before-after.json`)
      else console.log(`\n${summary}`)
    }
  } finally {
    git(['worktree', 'remove', '--force', beforeTree])
  }
}

await main()
