export { tInterval, wilsonInterval, type Interval } from './interval.ts'
export { quantile, summarize, type MetricSummary } from './summarize.ts'
