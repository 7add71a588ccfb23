import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageNumber, PageSize } from '@sensorium/core/common';
import {
  normalizeFieldPreference,
  type FieldPreference,
  type Item,
  type NodeValuesPush,
  type PlacedDevice,
} from '@sensorium/nodes/common';

/** A device's status on the Sensor Status page: disabled, else online or offline by the pipeline's connection check. */
export const SENSOR_STATES = ['online', 'offline', 'disabled'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];

/** Alert severity levels (accounts spec §9: 0 to 4). */
export const SENSOR_SEVERITIES = [0, 1, 2, 3, 4] as const;

export const SENSOR_STATUS_PAGE_SIZE = 20;

/** Query of GET /system-events-api/{appId}/sensor-status. */
export class SensorStatusQuery {
  /** Part of the display name, item name, position path, address or data source type (any case). */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;

  @IsOptional()
  @IsIn(SENSOR_STATES)
  status?: SensorState;

  /** Devices whose highest field severity is this level. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(4)
  severity?: number;

  /** 1 for the first page. */
  @PageNumber(1)
  page: number = 1;

  @PageSize()
  size: number = SENSOR_STATUS_PAGE_SIZE;
}

/** One field of a device: its current value with what shows it (as the item's Settings tab does) and its range status. */
export interface SensorField {
  field: string;
  label: string;
  signal: FieldPreference['signal'];
  decimalPlace: number;
  unit: string;
  value: unknown;
  /** The name of the range the value is in ('' when none) and its colour name. */
  status: string;
  color: string;
}

/** A device as the Sensor Status page lists it. */
export interface SensorStatusRow {
  uuid: string;
  itemName: string;
  displayName: string;
  /** Item names from the root down to the device's parent. */
  path: string[];
  /** The site address of the device's location, if any. */
  address: string | null;
  dataSourceType: string | null;
  state: SensorState;
  /** The highest severity of the device's field statuses (their ranges' colours). */
  severity: number;
  fields: SensorField[];
  /** The last uplink (ISO), null before the first. */
  lastReceiveDate: string | null;
}

export interface SensorStatusPage {
  total: number;
  rows: SensorStatusRow[];
}

/** A device's status from whether it is enabled and connected. */
export function sensorState(item: Pick<Item, 'enable' | 'connection'>): SensorState {
  if (!item.enable) return 'disabled';
  return item.connection ? 'online' : 'offline';
}

type LiveState = Pick<Item, 'outputSimple' | 'status'>;
/** What shows a field's value, without the value. */
export type SensorFieldShape = Omit<SensorField, 'value' | 'status' | 'color'>;

/** A field with its value and range status of the moment. */
function withValue(shape: SensorFieldShape, live: LiveState): SensorField {
  const status = live.status.fieldStatus?.[shape.field];
  return { ...shape, value: live.outputSimple[shape.field] ?? null, status: status?.status ?? '', color: status?.color ?? '' };
}

/**
 * The fields of a device with their values and range statuses, by display sequence and then name: those with settings
 * (unless front-end display is off) and those that only have a value so far (shown with the default settings).
 */
export function sensorFields(input: Item['input'], live: LiveState): SensorField[] {
  const names = new Set([...Object.keys(input), ...Object.keys(live.outputSimple)]);
  return [...names]
    .map((field) => ({ field, preference: normalizeFieldPreference(field, input[field]) }))
    .filter(({ preference }) => preference.frontendDisplay !== false)
    .sort((a, b) => a.preference.seq - b.preference.seq || a.field.localeCompare(b.field))
    .map(({ field, preference }) =>
      withValue(
        {
          field,
          label: preference.displayName || field,
          signal: preference.signal,
          decimalPlace: preference.decimalPlace,
          unit: preference.unit,
        },
        live,
      ),
    );
}

/** A device of the tree as a Sensor Status row. */
export function sensorStatusRow({ item, path }: PlacedDevice): SensorStatusRow {
  return {
    uuid: item.uuid,
    itemName: item.itemName,
    displayName: item.itemDisplayName || item.itemName,
    path,
    address: item.geoInfo.site?.address || null,
    dataSourceType: item.dataSource.type ?? null,
    state: sensorState(item),
    severity: item.status.severity,
    fields: sensorFields(item.input, item),
    lastReceiveDate: item.lastReceiveDate,
  };
}

/** One device's state in a `node-values` push. */
export type LiveDeviceValues = NodeValuesPush['items'][number];

/** What a live push of a listed device changes: values, field statuses, severity, connection and last uplink. */
export interface LiveRowChange {
  state: SensorState;
  severity: number;
  fields: SensorField[];
  lastReceiveDate: string | null;
}

export function liveRowChange(
  row: { state: SensorState; fields: readonly SensorFieldShape[] },
  live: LiveDeviceValues,
): LiveRowChange {
  const known = new Set(row.fields.map((field) => field.field));
  // Fields whose first value just arrived join the row after those it had.
  const firstValues = Object.fromEntries(Object.entries(live.outputSimple).filter(([field]) => !known.has(field)));
  return {
    // A disabled device stays disabled whatever its source says.
    state: row.state === 'disabled' ? 'disabled' : sensorState({ enable: true, connection: live.connection }),
    severity: live.status.severity ?? 0,
    fields: [...row.fields.map((field) => withValue(field, live)), ...sensorFields({}, { ...live, outputSimple: firstValues })],
    lastReceiveDate: live.lastReceiveDate,
  };
}

/** Whether a row passes the page's filters. */
export function matchesSensorFilters(
  row: SensorStatusRow,
  filters: Pick<SensorStatusQuery, 'q' | 'status' | 'severity'>,
): boolean {
  if (filters.status !== undefined && row.state !== filters.status) return false;
  if (filters.severity !== undefined && row.severity !== filters.severity) return false;
  const needle = filters.q?.trim().toLowerCase();
  if (!needle) return true;
  return [row.displayName, row.itemName, row.path.join(' > '), row.address ?? '', row.dataSourceType ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
