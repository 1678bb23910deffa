/** US dollars: cents for a dollar or more; below that, down to a millionth, without trailing zeros past the cents. */
export function usd(value: number): string {
  return `$${value >= 1 ? value.toFixed(2) : value.toFixed(6).replace(/0{1,4}$/, '')}`
}
