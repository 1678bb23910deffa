import { posix } from 'node:path'

/** A fenced code block of a markdown page, with the markers of its info string. */
export interface CodeBlock {
  /** The page, as a path relative to the repository, e.g. `docs/judge.md`. */
  page: string
  /** The 1-based line of the opening fence; the code's first line is the next one. */
  line: number
  /** The info string's first word, e.g. `ts` or `jsonl`. */
  lang: string
  code: string
  /** ```` ```ts fragment ````: only part of a program, never compiled. */
  fragment: boolean
  /** ```` ```ts file=evals/qa.eval.ts ````: a file of the project made of the page's `file=` blocks. */
  file: string | undefined
  /** ```` ```ts file=evals/qa.eval.ts exit=1 ````: the exit code of `vitest run` in that project. */
  exit: number | undefined
}

/** A marker the checker does not understand, or a block it cannot place, at `page:line`. */
export interface MarkerProblem {
  page: string
  line: number
  message: string
}

/** The files one page's `file=` blocks make up; runnable when one of them is an eval file. */
export interface DocProject {
  page: string
  files: CodeBlock[]
  runnable: boolean
  /** The exit code `vitest run` must give there. */
  exit: number
}

const OPENING = /^(\s*)(`{3,}|~{3,})(.*)$/

const TYPESCRIPT = new Set(['ts', 'typescript'])

export const isTypeScript = (block: CodeBlock): boolean => TYPESCRIPT.has(block.lang)

/** Whether the type check compiles the block: a TypeScript block not marked as a fragment. */
export const isCompiled = (block: CodeBlock): boolean => isTypeScript(block) && !block.fragment

const isEvalFile = (file: string): boolean => file.endsWith('.eval.ts')

/** `page:line`, the name a reader finds the block by. */
export const blockLabel = (block: { page: string; line: number }): string => `${block.page}:${block.line}`

/** The fenced code blocks of a markdown page (CommonMark fences, in lists too), and the markers it got wrong. */
export function extractCodeBlocks(markdown: string, page: string): { blocks: CodeBlock[]; problems: MarkerProblem[] } {
  const lines = markdown.split(/\r?\n/)
  const blocks: CodeBlock[] = []
  const problems: MarkerProblem[] = []
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index] ?? '')
    if (!opening) continue
    const [, indent = '', fence = '', info = ''] = opening
    // a backtick fence's info string holds no backtick: "```ts```" is inline code, not a fence
    if (fence.startsWith('`') && info.includes('`')) continue
    const line = index + 1
    const end = lines.findIndex((text, at) => at > index && isClosing(text, fence))
    if (end === -1) {
      problems.push({ page, line, message: 'the code block is never closed' })
      break
    }
    const code = lines.slice(index + 1, end).map((text) => dedent(text, indent.length))
    const markers = parseInfo(info)
    problems.push(...markers.problems.map((message) => ({ page, line, message })))
    blocks.push({
      page,
      line,
      lang: markers.lang,
      code: code.join('\n') + '\n',
      fragment: markers.fragment,
      file: markers.file,
      exit: markers.exit,
    })
    index = end
  }
  return { blocks, problems }
}

function isClosing(text: string, fence: string): boolean {
  const trimmed = text.trim()
  const char = fence[0] ?? '`'
  return trimmed.length >= fence.length && [...trimmed].every((c) => c === char)
}

// a fence indented inside a list item indents its content as much; CommonMark strips up to that much
function dedent(text: string, width: number): string {
  const leading = /^\s*/.exec(text)?.[0].length ?? 0
  return text.slice(Math.min(leading, width))
}

function parseInfo(info: string): {
  lang: string
  fragment: boolean
  file: string | undefined
  exit: number | undefined
  problems: string[]
} {
  const [lang = '', ...words] = info.trim().split(/\s+/)
  const parsed = {
    lang,
    fragment: false,
    file: undefined as string | undefined,
    exit: undefined as number | undefined,
    problems: [] as string[],
  }
  for (const word of words) {
    if (word === 'fragment') parsed.fragment = true
    else if (word.startsWith('file=')) parsed.file = projectPath(word.slice('file='.length), parsed.problems)
    else if (word.startsWith('exit=')) parsed.exit = exitCode(word.slice('exit='.length), parsed.problems)
    // an unknown word may be a misspelt marker: a silently ignored "flie=" would take a file out of its project
    else parsed.problems.push(`unknown marker "${word}" in "${info.trim()}": the markers are fragment, file=<path> and exit=<code>`)
  }
  if (parsed.fragment && parsed.file !== undefined) parsed.problems.push('a block is either a fragment or a file=, not both')
  if (TYPESCRIPT.has(lang) && parsed.file !== undefined && !/\.[cm]?ts$/.test(parsed.file)) {
    parsed.problems.push(`file=${parsed.file} of a ts block must end in .ts, or the type check would skip it`)
  }
  if (parsed.exit !== undefined && !isEvalFile(parsed.file ?? '')) parsed.problems.push('exit= belongs on a file=<name>.eval.ts block')
  return parsed
}

function projectPath(path: string, problems: string[]): string | undefined {
  const normalized = posix.normalize(path)
  if (path !== '' && !posix.isAbsolute(path) && !normalized.startsWith('../') && normalized !== '..') return normalized
  problems.push(`file="${path}" must be a path inside the project, such as evals/qa.eval.ts`)
  return undefined
}

function exitCode(text: string, problems: string[]): number | undefined {
  if (/^\d{1,3}$/.test(text) && Number(text) <= 255) return Number(text)
  problems.push(`exit="${text}" must be an exit code from 0 to 255`)
  return undefined
}

/** Groups each page's `file=` blocks into the project they describe, one per page that has any. */
export function groupProjects(blocks: CodeBlock[]): { projects: DocProject[]; problems: MarkerProblem[] } {
  const problems: MarkerProblem[] = []
  const pages = new Map<string, CodeBlock[]>()
  for (const block of blocks) {
    if (block.file === undefined) continue
    const files = pages.get(block.page) ?? []
    const earlier = files.find((other) => other.file === block.file)
    if (earlier)
      problems.push({
        page: block.page,
        line: block.line,
        message: `file=${block.file} is already given at ${blockLabel(earlier)}: a page names each file once`,
      })
    else files.push(block)
    pages.set(block.page, files)
  }
  const projects = [...pages].map(([page, files]): DocProject => {
    const exits = [...new Set(files.flatMap((file) => (isEvalFile(file.file ?? '') ? [file.exit ?? 0] : [])))]
    if (exits.length > 1)
      problems.push({
        page,
        line: files[0]?.line ?? 1,
        message: `the eval files of one project expect different exit codes (${exits.join(', ')}): one run gives one`,
      })
    return { page, files, runnable: exits.length > 0, exit: Math.max(0, ...exits) }
  })
  return { projects, problems }
}
