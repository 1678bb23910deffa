export { toSamples } from './collect-samples.ts'
export { loadDataFileColumns } from './data-file-columns.ts'
export type { DataRecord, RecordSource } from './data-record.ts'
export { asksCircular, loadFewShotPool, loadRecords, loadSamples, type Dataset, type DatasetSource } from './dataset-source.ts'
export { datasets, type CsvDatasetOptions, type FileDatasetOptions, type JsonDatasetOptions } from './datasets.ts'
export type { EvalScopeOptions } from './evalscope.ts'
export type { FieldMap, FieldNames, SampleInput } from './field-map.ts'
export { fileKindOf } from './file-kind.ts'
export type { FileDatasetSource } from './file-source.ts'
export { IMAGE_MARKER } from './image-markers.ts'
export type { ImageOptions } from './image-options.ts'
export type { ImageBase, ImageFiles } from './image-reader.ts'
export {
  DATA_FILE_FORMATS,
  isDataFileFormat,
  loadDataFile,
  type DataFileFormat,
  type DataFileOptions,
  type DataFileSummary,
} from './load-data-file.ts'
export { NEEDS_JUDGE } from './needs-judge.ts'
export {
  loadOpenCompassDataset,
  type OpenCompassDataset,
  type OpenCompassInfo,
  type OpenCompassOptions,
  type OpenCompassSource,
} from './opencompass.ts'
export type { CsvColumns } from './read-csv.ts'
