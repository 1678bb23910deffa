/** US dollars: cents for a dollar or more; below that, down to a millionth, without trailing zeros past the cents. */
export function usd(value: number): string {
  return `$${value >= 1 ? value.toFixed(2) : value.toFixed(6).replace(/0{1,4}$/, '')}`
}

/**
 * A count with thousands separators: 15,000. The first toLocaleString call loads the locale data, some 15 ms the
 * summary need not spend.
 */
export const thousands = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, ',')
