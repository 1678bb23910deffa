/**
 * A whole count with thousands separators, as `toLocaleString('en-US')` writes it: 15,000. Not through Intl: its first
 * call loads the locale data, 25 to 90 ms of CPU, and a message built when a module loads paid it in every worker.
 */
export const thousands = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, ',')
