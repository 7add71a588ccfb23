import { defaultFieldPreference } from '../../common/field-preference';
import { encodeOutline, type OutlineRow } from '../../common/tree-outline';
import type { Item } from '../../common/types';

// Items and tree rows as the server answers them, for the store tests.

export function testItem(overrides: Partial<Item> = {}): Item {
  return {
    uuid: 'u-sensor1',
    itemName: 'sensor1',
    itemDisplayName: '',
    itemDescription: 'sensor1 description',
    itemType: 'item',
    parentName: 'floor1',
    position: 0,
    enable: true,
    connection: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastReceiveDate: null,
    lastValidDate: null,
    input: { temperature: { ...defaultFieldPreference('temperature'), unit: '°C' } },
    outputSimple: {},
    status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
    dataSource: { type: 'api' },
    geoInfo: { tags: [] },
    storeHistory: true,
    ...overrides,
  };
}

export function testRow(
  itemName: string,
  parentName: string | null,
  position: number,
  overrides: Partial<OutlineRow> = {},
): OutlineRow {
  return {
    uuid: `u-${itemName}`,
    itemName,
    itemDisplayName: '',
    itemType: parentName === null || itemName.startsWith('floor') ? 'node' : 'item',
    parentName,
    position,
    depth: parentName === null ? 1 : itemName.startsWith('floor') ? 2 : 3,
    enable: true,
    severity: 0,
    eventSeverity: 0,
    tags: [],
    hasGps: false,
    hasFloorPlan: false,
    hasPin: false,
    ...overrides,
  };
}

/** root → floor1 (sensor1, sensor2), floor2. */
export function testRows(): OutlineRow[] {
  return [
    testRow('root', null, 0),
    testRow('floor1', 'root', 0),
    testRow('sensor1', 'floor1', 0),
    testRow('sensor2', 'floor1', 1),
    testRow('floor2', 'root', 1),
  ];
}

/** GET /tree-outline's answer for rows in tree order. */
export const testOutline = (rows: readonly OutlineRow[] = testRows()) => encodeOutline(rows);
