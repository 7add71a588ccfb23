import { createToken } from '@sensorium/core/common';

/** How much device data one application stored in one calendar month (UTC), for usage reports. */
export interface DeviceDataMonth {
  appId: string;
  /** `YYYY-MM`. */
  month: string;
  /** Uplinks received and stored in raw data (deduplicated, as the Raw Data History lists them). */
  rawRows: number;
  /** Uplinks received but refused as dead letters (only the newest DEAD_LETTERS_KEPT of all are kept). */
  deadLetters: number;
  /** Field values written to the chart history (items whose store-history is on). */
  historyRows: number;
}

/** Counts of the raw_data, dead_letters and field_history tables this plugin owns, grouped by the database (no row is read). */
export interface DeviceDataUsage {
  /** Per application and month of [from, to); months without any row are left out. */
  monthly(appIds: readonly string[], from: Date, to: Date): Promise<DeviceDataMonth[]>;
}
export const DeviceDataUsageToken = createToken<DeviceDataUsage>('device-pipeline.usage');
