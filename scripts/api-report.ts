import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** Each entry point of the package (`exports` in package.json) and the report that lists its public declarations. */
export const API_ENTRIES = [
  { specifier: 'evalsuite', types: 'dist/index.d.ts', report: 'api/evalsuite.api.md' },
  { specifier: 'evalsuite/plugin', types: 'dist/plugin.d.ts', report: 'api/plugin.api.md' },
  { specifier: 'evalsuite/benchmarks', types: 'dist/benchmarks/index.d.ts', report: 'api/benchmarks.api.md' },
] as const

// a declaration as the built .d.ts writes it, without its doc comment and with runs of blank space collapsed, so that
// a report changes when a signature does and not when a comment does
function declarationText(declaration: ts.Declaration): string {
  const text = declaration.getText().replace(/\/\*\*[\s\S]*?\*\/\s*/g, '')
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n')
}

function exportsOf(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker()
  const printer = ts.createPrinter()
  const source = program.getSourceFile(file)
  const module = source && checker.getSymbolAtLocation(source)
  if (module === undefined) throw new Error(`${file}: not found or not a module; run \`npm run build\` first`)
  return checker
    .getExportsOfModule(module)
    .map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const declarations = (symbol.declarations ?? []).map(declarationText)
      // a type inferred from a zod schema names the schema only: its expansion is what a user meets
      if (declarations.some((text) => /\bz\.(input|output|infer)</.test(text))) {
        const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.MultilineObjectLiterals | ts.NodeBuilderFlags.InTypeAlias
        const node = checker.typeToTypeNode(checker.getDeclaredTypeOfSymbol(symbol), undefined, flags)
        if (node !== undefined) declarations.push(`// expands to\n${printer.printNode(ts.EmitHint.Unspecified, node, source!)}`)
      }
      return `### ${exported.name}\n\n\`\`\`ts\n${declarations.join('\n')}\n\`\`\``
    })
    .sort((a, b) => a.localeCompare(b))
}

/** The API reports of the built package (`dist/`), as `npm run api` writes them, by report path. */
export function apiReports(): Map<string, string> {
  const files = API_ENTRIES.map((entry) => join(ROOT, entry.types))
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  })
  return new Map(
    API_ENTRIES.map((entry, index) => {
      const sections = exportsOf(program, files[index]!)
      const heading = `# API report: ${entry.specifier}\n\nGenerated from \`${entry.types}\` by \`npm run api\`; a test fails when it is stale. Review its diff as the change to the public API.\n`
      return [entry.report, `${heading}\n${sections.join('\n\n')}\n`]
    }),
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(join(ROOT, 'api'), { recursive: true })
  for (const [report, text] of apiReports()) {
    const file = join(ROOT, report)
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined
    if (before !== text) writeFileSync(file, text)
    console.log(`${report}: ${before === text ? 'unchanged' : 'written'}`)
  }
}
