export { aggregateMetric, SMALL_SAMPLE, type AggregateOptions, type Observation } from './aggregate.ts'
export { pairedBootstrap, type BootstrapOptions, type PairedTest } from './bootstrap.ts'
export { CLASSIFICATION_METRICS, perLabelFigure, perLabelSemantics } from './classification-catalog.ts'
export { CIRCULAR_METRIC, circularAccuracy } from './circular-accuracy.ts'
export { classificationAggregate, classificationMetrics, type LabelPair } from './classification.ts'
export { BUILTIN_METRICS, createMetricCatalog, diagnosticSemantics, TRAJECTORY_MEASURES, type MetricCatalog } from './catalog.ts'
export { cohenKappa, type Category } from './cohen-kappa.ts'
export { labelSlug } from './label-slug.ts'
export { clustersById, corpusRows, type CorpusOptions } from './corpus.ts'
export { compareCorpus, type CorpusPair } from './corpus-compare.ts'
export { firstTarget, type CorpusAggregate, type CorpusSample } from './corpus-sample.ts'
export { aggregateCollector, collectAggregates, type DeclaredAggregates } from './declared-aggregates.ts'
export { BOOTSTRAP_LIMIT, comparePaired, type ScorePair } from './compare.ts'
export { pearson, spearman } from './correlation.ts'
export { metricDeclaration } from './declare-metric.ts'
export { closestName } from './did-you-mean.ts'
export { gateCatalog, gateProblems, type GateableMetrics, type GateCatalog, type GateEntry } from './gate-problems.ts'
export { holmAdjust } from './holm.ts'
export { JUDGE_AGREEMENT_METRICS } from './judge-metrics.ts'
export { clusteredInterval, stratifiedInterval, tInterval, tQuantile975, wilsonInterval } from './interval.ts'
export { mcnemarExact } from './mcnemar.ts'
export {
  createMeanTest,
  DEFAULT_MIN_SAMPLES,
  type MeanDecision,
  type MeanTest,
  type MeanTestOptions,
  type SequenceBounds,
} from './mean-test.ts'
export { pairedT } from './paired-t.ts'
export { comparePairedStatistic, type PairedStatisticTest, type SetStatistic } from './paired-statistic.ts'
export { majorityVote, passAtK, passHatK, type Vote } from './pass-at-k.ts'
export { createRegressionTest, type RegressionDecision, type RegressionTest, type RegressionTestOptions } from './regression-test.ts'
export { noChangeIntervalReason, noIntervalReason } from './no-interval.ts'
export { resampledInterval } from './resampled-interval.ts'
export { splitAlpha } from './split-alpha.ts'
export { quantile, summarize, type MetricSummary } from './summarize.ts'
export { formatAmount, formatDelta, formatInterval, formatP, formatValue } from './format-metric.ts'
export { isHeadlineRow } from './headline-row.ts'
