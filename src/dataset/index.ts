export { datasets, type CsvDatasetOptions, type FileDatasetOptions, type JsonDatasetOptions } from './datasets.ts'
export { loadSamples, type Dataset, type DatasetSource } from './dataset-source.ts'
export type { FieldMap, SampleInput } from './field-map.ts'
