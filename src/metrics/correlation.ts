/** Pearson's correlation of paired values; null for fewer than two pairs or a constant side. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length
  if (n !== y.length) throw new RangeError(`pearson: ${n} values against ${y.length}`)
  if (n < 2) return null
  const meanX = x.reduce((a, b) => a + b, 0) / n
  const meanY = y.reduce((a, b) => a + b, 0) / n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const [dx, dy] = [x[i]! - meanX, y[i]! - meanY]
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  if (sxx === 0 || syy === 0) return null
  // rounding can carry a perfect correlation a hair past ±1
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)))
}

/** 1-based ranks, ties sharing the mean of the ranks they span. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value)
  const result = new Array<number>(values.length)
  for (let start = 0; start < order.length;) {
    let end = start
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++
    for (let k = start; k <= end; k++) result[order[k]!.index] = (start + end) / 2 + 1
    start = end + 1
  }
  return result
}

/** Spearman's rank correlation (Pearson's on the ranks, ties given their mean rank, as SciPy does); null as for Pearson. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`spearman: ${x.length} values against ${y.length}`)
  return pearson(ranks(x), ranks(y))
}
