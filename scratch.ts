import { readFileSync } from 'node:fs'
import { datasets } from './src/dataset/index.ts'
const D = '/work/shared/datasets/'
const py = JSON.parse(readFileSync('/tmp/mmlu-py.json', 'utf8')) as string[][]
const ours: string[][] = []
for (const split of ['dev', 'val', 'test']) {
  const recs = await datasets.csv(D + 'mmlu/' + split, { columns: ['question', 'A', 'B', 'C', 'D', 'answer'] }).loadRecords()
  for (const r of recs) ours.push([r.file.replace(D, ''), ...['question', 'A', 'B', 'C', 'D', 'answer'].map((k) => r.fields[k] as string)])
}
let diff = 0
py.forEach((row, i) => { if (JSON.stringify(row) !== JSON.stringify(ours[i])) { if (diff++ < 3) console.log(JSON.stringify(row).slice(0, 200), '\n', JSON.stringify(ours[i]).slice(0, 200)) } })
console.log('rows', py.length, ours.length, 'diffs', diff)
const recs = await datasets.csv(D + 'mmlu/dev/college_computer_science_dev.csv', { columns: ['question', 'A', 'B', 'C', 'D', 'answer'] }).loadRecords()
console.log(recs.map((r) => [r.line, (r.fields.question as string).slice(0, 40)]))
