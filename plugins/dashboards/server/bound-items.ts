import { normalizeFieldPreference, type Item, type ItemLookup } from '@sensorium/nodes/common';
import type { DashboardField, DashboardItem } from '../common';

/** An item's fields as widgets show them: its field settings in display order, then values it has without settings. */
function fieldsOf(item: Item): DashboardField[] {
  const preferences = Object.entries(item.input).map(([field, stored]) => normalizeFieldPreference(field, stored));
  const ordered = Object.keys(item.input)
    .map((field, index) => ({ field, preference: preferences[index]! }))
    .sort((a, b) => a.preference.seq - b.preference.seq || a.field.localeCompare(b.field));
  const fields: DashboardField[] = ordered.map(({ field, preference }) => ({
    field,
    label: preference.displayName || field,
    unit: preference.unit,
    decimalPlace: preference.decimalPlace,
    signal: preference.signal,
    ranges: preference.rangeEnabled
      ? preference.rangeSettings.ranges.map(({ name, color, startNum, endNum }) => ({ name, color, startNum, endNum }))
      : [],
  }));
  for (const field of Object.keys(item.outputSimple ?? {})) {
    if (!(field in item.input)) fields.push({ field, label: field, unit: '', decimalPlace: 2, signal: 'analog', ranges: [] });
  }
  return fields;
}

export function toDashboardItem(item: Item): DashboardItem {
  return {
    uuid: item.uuid,
    itemName: item.itemName,
    displayName: item.itemDisplayName || item.itemName,
    fields: fieldsOf(item),
    outputSimple: item.outputSimple ?? {},
    fieldStatus: item.status?.fieldStatus ?? {},
    severity: item.status?.severity ?? 0,
    connection: item.connection,
    lastReceiveDate: item.lastReceiveDate,
    point: item.geoInfo?.point ?? null,
    commands: (item.dataSource.commands ?? [])
      .filter((command) => command.id !== '')
      .map((command) => ({ id: command.id, display: command.display })),
  };
}

/**
 * The application's devices a dashboard's widgets read (`wanted`), as the caller (limited to `deviceTags`, or null)
 * may see them; an item that is gone or hidden is simply missing and its widgets say so. Only those rows are read, not
 * the application's whole tree.
 */
export async function boundDashboardItems(
  lookup: Pick<ItemLookup, 'devices'>,
  appId: string,
  wanted: ReadonlySet<string>,
  deviceTags: readonly string[] | null,
): Promise<DashboardItem[]> {
  if (wanted.size === 0) return [];
  const devices = await lookup.devices(appId, deviceTags, [...wanted]);
  return devices.map(({ item }) => toDashboardItem(item));
}
