import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderBenchmarkDocs } from './benchmark-docs.ts'

// `npm run docs`: rewrites docs/benchmarks.md from the built-in definitions
const target = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url))
writeFileSync(target, renderBenchmarkDocs())
console.log(`wrote ${target}`)
