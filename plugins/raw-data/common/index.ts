import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { TranslationResources } from '@sensorium/core/common';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';

/** The plugin's texts (page, tab, errors and Excel headers) in en, hk and cn, under `raw-data.`. */
export const rawDataI18n: TranslationResources = { en, hk, cn };

/** LoRa-type keys of a row's device data, shown in their own badge group (node spec 3.6). */
export const LORA_KEYS: readonly string[] = [
  'dr',
  'rssi',
  'snr',
  'gatewayid',
  'routerid',
  'RAT',
  'bat',
  'ci',
  'debug',
  'low_batt',
  'msg',
  'rsrp',
  'rsrq',
  'sn',
  'tac',
  'time',
  'type',
  'ver',
];
const LORA = new Set(LORA_KEYS);

/** Real-time mode: the last day, limit 100, re-polled about every 2 s (node spec 4, 9). */
export const REALTIME_POLL_MS = 2000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZES = [10, 50, 100] as const;
export const EXPORT_FILE_NAME = 'data_history.xlsx';
/** Header of the Excel answer: how many rows the file will hold, so the browser can show its progress. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
/** An export holds at most this many rows (the newest of the range); Excel's own limit is 1,048,576. */
export const EXCEL_EXPORT_LIMIT = 1_000_000;

/** Query of POST /raw-data-history/search/excel (the body is the search's). */
export class RawDataExcelQuery {
  /** The browser's offset from UTC in minutes (e.g. 480 for Hong Kong), for the Date column; default 0 (UTC). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-840)
  @Max(840)
  utcOffsetMinutes?: number;
}

/** Why a history range cannot be searched (an i18n key), or null: both ends are needed, From not after To. */
export function historyRangeProblem(from: number, to: number): string | null {
  if (!Number.isFinite(from)) return 'raw-data.fromRequired';
  if (!Number.isFinite(to)) return 'raw-data.toRequired';
  return from > to ? 'raw-data.rangeOrder' : null;
}

/** The device data of a row split into LoRa keys and the other fields. */
export function splitDeviceData(deviceData: Record<string, unknown> | undefined | null): {
  lora: [string, unknown][];
  fields: [string, unknown][];
} {
  const lora: [string, unknown][] = [];
  const fields: [string, unknown][] = [];
  for (const entry of Object.entries(deviceData ?? {})) (LORA.has(entry[0]) ? lora : fields).push(entry);
  return { lora, fields };
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Device names typed in the filter (comma separated), trimmed, without empty ones or repeats. */
export function deviceNames(text: string): string[] {
  return [...new Set(text.split(',').map((name) => name.trim()))].filter((name) => name !== '');
}
