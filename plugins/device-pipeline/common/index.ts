export * from './processing';
export * from './live-values';
export * from './i18n';
// The raw data and history REST contract; its types still live with the node console's types (the nodes client reads
// them from there), and this plugin, which serves those routes, is where other plugins should import them from.
export {
  NodeHistoryQuery,
  RawDataSearchInput,
  RAW_DATA_PAGE_SIZES,
  REALTIME_LIMIT,
  REALTIME_WINDOW_MS,
  type HistoryResponse,
  type RawDataRow,
  type RawDataSearchResponse,
} from '@sensorium/nodes/common';
