import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runVitest, type VitestRun } from '../e2e/run-fixture.ts'
import { startFakeServer, type FakeServer } from '../support/openai-server.ts'
import { blockLabel, extractCodeBlocks, groupProjects, isCompiled, isTypeScript } from './code-blocks.ts'
import { writeScratch, type Scratch } from './scratch-project.ts'
import { describeError, parseTscOutput, typecheck, type TscError } from './typecheck.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('extracting the code blocks of a page', () => {
  const page = [
    '# Guide', //                                  1
    '```ts', //                                    2
    "import { models } from 'evalsuite'", //       3
    '```', //                                      4
    '```ts fragment', //                           5
    'describeBenchmark(name, { model })', //       6
    '```', //                                      7
    '```jsonl file=evals/data/q.jsonl', //         8
    '{"input":"2+2","target":"4"}', //             9
    '```', //                                      10
    '- a step:', //                                11
    '', //                                         12
    '  ````typescript file=evals/qa.eval.ts exit=1', //  13
    "  import './data.ts'", //                     14
    '  ```not a fence end', //                     15
    '  ````', //                                   16
    '```sh', //                                    17
    'npx vitest run evals', //                     18
    '```', //                                      19
  ].join('\n')
  const { blocks, problems } = extractCodeBlocks(page, 'docs/guide.md')

  it('finds every fenced block at the line of its opening fence, with its markers', () => {
    expect(problems).toEqual([])
    expect(blocks.map((block) => [blockLabel(block), block.lang, block.fragment, block.file, block.exit])).toEqual([
      ['docs/guide.md:2', 'ts', false, undefined, undefined],
      ['docs/guide.md:5', 'ts', true, undefined, undefined],
      ['docs/guide.md:8', 'jsonl', false, 'evals/data/q.jsonl', undefined],
      ['docs/guide.md:13', 'typescript', false, 'evals/qa.eval.ts', 1],
      ['docs/guide.md:17', 'sh', false, undefined, undefined],
    ])
  })

  it("keeps a block's code exactly, without the indentation of a fence in a list", () => {
    expect(blocks[0]?.code).toBe("import { models } from 'evalsuite'\n")
    expect(blocks[3]?.code).toBe("import './data.ts'\n```not a fence end\n")
  })

  it('compiles TypeScript blocks except fragments', () => {
    expect(blocks.filter(isCompiled).map(blockLabel)).toEqual(['docs/guide.md:2', 'docs/guide.md:13'])
    expect(blocks.filter((block) => isTypeScript(block) && block.fragment).map(blockLabel)).toEqual(['docs/guide.md:5'])
  })

  it("groups a page's file= blocks into one project, runnable when it has an eval file", () => {
    const { projects, problems: grouping } = groupProjects(blocks)
    expect(grouping).toEqual([])
    expect(projects.map((project) => ({ ...project, files: project.files.map((file) => file.file) }))).toEqual([
      { page: 'docs/guide.md', files: ['evals/data/q.jsonl', 'evals/qa.eval.ts'], runnable: true, exit: 1 },
    ])
  })

  it('reports misspelt markers, contradictions and files named twice, at their lines', () => {
    const wrong = [
      '```ts flie=evals/a.eval.ts',
      '```',
      '```ts fragment file=b.ts',
      '```',
      '```ts file=../a.ts exit=x',
      '```',
      '```ts file=a.ts',
      '```',
      '```ts file=a.ts',
      '```',
      '```ts',
    ]
    const extracted = extractCodeBlocks(wrong.join('\n'), 'README.md')
    const grouped = groupProjects(extracted.blocks)
    expect([...extracted.problems, ...grouped.problems].map((problem) => `${blockLabel(problem)}: ${problem.message}`)).toEqual([
      'README.md:1: unknown marker "flie=evals/a.eval.ts" in "ts flie=evals/a.eval.ts": the markers are fragment, file=<path> and exit=<code>',
      'README.md:3: a block is either a fragment or a file=, not both',
      'README.md:5: file="../a.ts" must be a path inside the project, such as evals/qa.eval.ts',
      'README.md:5: exit="x" must be an exit code from 0 to 255',
      'README.md:11: the code block is never closed',
      'README.md:9: file=a.ts is already given at README.md:7: a page names each file once',
    ])
  })

  it('tells a tsc error at the markdown line it comes from, continuation lines included', () => {
    const output = [
      "blocks/README.md/L19.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      "  Property 'x' is missing.",
      'error TS5023: Unknown compiler option.',
    ].join('\n')
    const message = "Type 'string' is not assignable to type 'number'.\n  Property 'x' is missing."
    expect(parseTscOutput(output)).toEqual([
      { file: 'blocks/README.md/L19.ts', line: 3, code: 'TS2322', message },
      { file: undefined, line: undefined, code: 'TS5023', message: 'Unknown compiler option.' },
    ])
    const block = { page: 'README.md', line: 19, lang: 'ts', code: '', fragment: false, file: undefined, exit: undefined }
    expect(describeError({ file: 'blocks/README.md/L19.ts', line: 3, code: 'TS2322', message }, block)).toBe(
      `README.md:22: TS2322 ${message}`,
    )
  })
})

// the pages whose code users copy: the README and every guide page
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path}`),
]
const extracted = pages.map((page) => extractCodeBlocks(readFileSync(join(ROOT, page), 'utf8'), page))
const blocks = extracted.flatMap((page) => page.blocks)
const { projects, problems: grouping } = groupProjects(blocks)
const problems = [...extracted.flatMap((page) => page.problems), ...grouping]
const compiled = blocks.filter(isCompiled)
const fragments = blocks.filter((block) => isTypeScript(block) && block.fragment)

describe('the code blocks of README.md and docs/', () => {
  let scratchDir: string
  let scratch: Scratch
  let errors: Promise<TscError[]>
  let server: FakeServer

  beforeAll(async () => {
    // inside the repository, so that the packages a user installs beside evalsuite resolve from its node_modules
    scratchDir = mkdtempSync(join(ROOT, 'test/docs/.tmp-'))
    scratch = writeScratch(scratchDir, blocks, projects)
    errors = typecheck(scratchDir)
    // a rejection is reported by the tests that await it
    errors.catch(() => {})
    server = await startFakeServer()
  })

  afterAll(async () => {
    await server?.close()
    rmSync(scratchDir, { recursive: true, force: true })
  })

  it('finds TypeScript blocks to check, and understands every marker', () => {
    expect(problems.map((problem) => `${blockLabel(problem)}: ${problem.message}`)).toEqual([])
    expect(compiled.length).toBeGreaterThan(0)
  })

  // the runs start together, while tsc works; the compile tests then wait for tsc
  it.concurrent.for(projects.filter((project) => project.runnable).map((project) => [project.page, project] as const))(
    '%s: the project of its file= blocks runs offline and exits as the page says',
    async ([page, project], { expect }) => {
      const dir = scratch.projectDirs.get(page) ?? ''
      const run: VitestRun = await runVitest(['evals'], { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-docs-dummy' }, dir)
      expect(run.code, `vitest run in the project of ${page}:\n${run.stdout}\n${run.stderr}`).toBe(project.exit)
    },
  )

  it.for(compiled.map((block) => [blockLabel(block), block] as const))('%s compiles against the built package', async ([, block]) => {
    const own = (await errors).flatMap((error) =>
      error.file !== undefined && scratch.modules.get(error.file) === block ? [describeError(error, block)] : [],
    )
    expect(own).toEqual([])
  })

  it('has no type error outside the blocks', async () => {
    const outside = (await errors).filter((error) => error.file === undefined || !scratch.modules.has(error.file))
    expect(outside.map((error) => `${error.file ?? 'tsc'}${error.line ? `:${error.line}` : ''}: ${error.code} ${error.message}`)).toEqual(
      [],
    )
  })

  for (const fragment of fragments) it.skip(`${blockLabel(fragment)} is a fragment, not compiled`)
})
