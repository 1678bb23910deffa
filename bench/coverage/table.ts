// The coverage bench's tables: per kind, each population's coverage at each n, then a summary of every kind.

/** The runs of one population at one n, for one figure. */
export interface Cell {
  kind: string
  truth: string
  n: number
  runs: number
  resamples: number
  /** Runs that printed the figure. */
  shown: number
  /** Of those, runs that printed an interval for it. */
  intervals: number
  covered: number
  zeroWidth: number
  /** Sum of the intervals' widths. */
  width: number
  methods: Set<string>
}

const TARGET_CELL = 0.93
const TARGET_KIND = 0.945

const coverage = (cell: Cell): number => cell.covered / cell.intervals
const pct = (value: number): string => (100 * value).toFixed(1)

// a cell's coverage, marked when below the target, and what it printed instead of intervals
function coverageText(cell: Cell | undefined): string {
  if (cell === undefined || cell.shown === 0) return '·'
  if (cell.intervals === 0) return 'none'
  const text = pct(coverage(cell))
  const marks = [
    coverage(cell) < TARGET_CELL ? '!' : '',
    cell.zeroWidth > 0 ? `z${Math.round((100 * cell.zeroWidth) / cell.intervals)}` : '',
    cell.intervals < cell.shown ? `n${Math.round((100 * (cell.shown - cell.intervals)) / cell.shown)}` : '',
  ]
  return [text, ...marks.filter(Boolean)].join(' ')
}

function widthText(cell: Cell | undefined): string {
  if (cell === undefined || cell.intervals === 0) return '·'
  return pct(cell.width / cell.intervals)
}

/** Prints, per kind, the coverage and the mean width of every population at every n, then one summary row a kind. */
export function printTables(cells: readonly Cell[], sizes: readonly number[]): void {
  const kinds = [...new Set(cells.map((cell) => cell.kind))]
  const header = `| population | ${sizes.map((n) => `n=${n}`).join(' | ')} |\n|---|${sizes.map(() => '---:|').join('')}`
  const summary: string[] = []
  for (const kind of kinds) {
    const ofKind = cells.filter((cell) => cell.kind === kind)
    const truths = [...new Set(ofKind.map((cell) => cell.truth))]
    const at = (truth: string, n: number): Cell | undefined => ofKind.find((cell) => cell.truth === truth && cell.n === n)
    console.log(`\n### ${kind}: coverage % (mean width, points)\n\n${header}`)
    for (const truth of truths)
      console.log(`| ${truth} | ${sizes.map((n) => `${coverageText(at(truth, n))} (${widthText(at(truth, n))})`).join(' | ')} |`)
    const measured = ofKind.filter((cell) => cell.intervals > 0)
    const coverages = measured.map(coverage)
    const mean = coverages.reduce((a, b) => a + b, 0) / coverages.length
    const worst = measured.reduce((a, b) => (coverage(b) < coverage(a) ? b : a))
    const intervals = ofKind.reduce((sum, cell) => sum + cell.intervals, 0)
    const shown = ofKind.reduce((sum, cell) => sum + cell.shown, 0)
    const zero = ofKind.reduce((sum, cell) => sum + cell.zeroWidth, 0)
    const below = measured.filter((cell) => coverage(cell) < TARGET_CELL).length
    const methods = [...new Set(ofKind.flatMap((cell) => [...cell.methods]))].sort().join(', ')
    const met = mean >= TARGET_KIND && below === 0 && zero === 0 ? 'met' : 'not met'
    summary.push(
      `| ${kind} | ${methods} | ${pct(mean)} | ${pct(coverage(worst))} (${worst.truth}, n=${worst.n}) | ${below} of ${measured.length} | ${pct(zero / Math.max(1, intervals))} | ${pct((shown - intervals) / Math.max(1, shown))} | ${met} |`,
    )
  }
  console.log(
    '\n### Summary\n\n| kind | methods | mean coverage % | worst cell % | cells below 93% | zero-width % | no interval % | target |\n|---|---|---:|---|---:|---:|---:|---|',
  )
  for (const line of summary) console.log(line)
  const budgets = [...new Map(cells.map((cell) => [`${cell.runs}/${cell.resamples}`, cell])).values()].sort((a, b) => a.n - b.n)
  console.log(
    '\nMonte Carlo standard error of a cell at 95% coverage: ' +
      budgets
        .map(
          (cell) =>
            `${cell.runs} runs${cell.resamples ? ` of ${cell.resamples} resamples` : ''} ±${pct(Math.sqrt((0.95 * 0.05) / cell.runs))}`,
        )
        .join('; '),
  )
  console.log(
    'Marks: ! below 93%; zN N% of the intervals of zero width; nN N% of the runs printed the figure without an interval; · not printed.',
  )
}
