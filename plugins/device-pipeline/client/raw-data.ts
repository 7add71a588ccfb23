/** LoRa-type keys shown in their own badge group (spec 3.6). */
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

/** Real-time mode: the last day, limit 100, re-polled about every 2 s (spec 4, 9). */
export const REALTIME_POLL_MS = 2000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const PAGE_SIZES = [10, 50, 100] as const;
export const EXPORT_FILE_NAME = 'data_history.xlsx';

/** Why a history range cannot be searched (an i18n key), or null: both ends are needed, From not after To. */
export function historyRangeProblem(from: number, to: number): string | null {
  if (!Number.isFinite(from)) return 'device-pipeline.history.fromRequired';
  if (!Number.isFinite(to)) return 'device-pipeline.history.toRequired';
  return from > to ? 'device-pipeline.history.rangeOrder' : null;
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
