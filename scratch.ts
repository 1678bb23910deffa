import { readdirSync, writeFileSync } from 'node:fs'
import { loadDataFile } from './src/dataset/index.ts'
import { DatasetError, formatIssue } from './src/errors.ts'
const dir = 'test/dataset/malformed/'
const out: Record<string, string[]> = {}
for (const name of readdirSync(dir).filter((n) => !n.endsWith('.meta.json') && n !== 'expected.json').sort()) {
  try { await loadDataFile(dir + name); out[name] = ['VALID'] }
  catch (e) { out[name] = (e as DatasetError).issues.map((i) => formatIssue(i).replaceAll(dir, '')) }
}
writeFileSync('/tmp/expected.json', JSON.stringify(out, null, 2) + '\n')
