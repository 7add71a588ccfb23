import type { OutlineSource } from '../common/tree-outline';
import type { GeoInfo, GeoItemSummary, Item, ItemDataSource, TreeRow } from '../common/types';
import type { NodeItemRow } from './schema';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Effective store history (spec 3.1): dataSource.enableHistory when set, else false for a node and true for an item. */
export function storeHistoryOf(row: Pick<NodeItemRow, 'itemType' | 'dataSource'>): boolean {
  const flag = row.dataSource?.enableHistory;
  return typeof flag === 'boolean' ? flag : row.itemType === 'item';
}

function geoInfoOf(row: Pick<NodeItemRow, 'geoInfo'>): GeoInfo {
  const geo = row.geoInfo ?? { tags: [] };
  return { ...geo, tags: Array.isArray(geo.tags) ? geo.tags : [] };
}

/** A row as the API's Item JSON (spec 3.1). */
export function toItem(row: NodeItemRow, parentName: string | null): Item {
  return {
    uuid: row.uuid,
    itemName: row.itemName,
    itemDisplayName: row.displayName,
    itemDescription: row.description,
    itemType: row.itemType,
    parentName,
    position: row.position,
    enable: row.enable,
    connection: row.connection,
    updatedAt: row.updatedAt.toISOString(),
    lastReceiveDate: iso(row.lastReceiveDate),
    lastValidDate: iso(row.lastValidDate),
    input: row.input ?? {},
    outputSimple: row.outputSimple ?? {},
    status: {
      severity: row.status?.severity ?? 0,
      eventSeverity: row.status?.eventSeverity ?? 0,
      fieldStatus: row.status?.fieldStatus ?? {},
      ...(row.status?.discarded ? { discarded: row.status.discarded } : {}),
    },
    dataSource: (row.dataSource ?? {}) as ItemDataSource,
    geoInfo: geoInfoOf(row),
    storeHistory: storeHistoryOf(row),
    ...(row.sourceError ? { sourceError: row.sourceError } : {}),
  };
}

export type TreeSourceRow = Pick<
  NodeItemRow,
  | 'uuid'
  | 'itemName'
  | 'displayName'
  | 'itemType'
  | 'parentUuid'
  | 'position'
  | 'enable'
  | 'connection'
  | 'status'
  | 'dataSource'
  | 'geoInfo'
>;

/** The map icons of a row: a GPS location (a point or the site's coordinates) and a floor plan image. */
function mapIconsOf(geo: GeoInfo): { hasGps: boolean; hasFloorPlan: boolean } {
  return { hasGps: Boolean(geo.point || geo.site?.geoCoordinates), hasFloorPlan: Boolean(geo.floorPlan?.origin?.image) };
}

/** `pinned`: the item has a pin on its parent's floor plan. */
export function toTreeRow(row: TreeSourceRow, parentName: string | null, depth: number, pinned: boolean): TreeRow {
  const geo = geoInfoOf(row);
  return {
    uuid: row.uuid,
    itemName: row.itemName,
    itemDisplayName: row.displayName,
    itemType: row.itemType,
    parentName,
    position: row.position,
    depth,
    enable: row.enable,
    connection: row.connection,
    severity: row.status?.severity ?? 0,
    eventSeverity: row.status?.eventSeverity ?? 0,
    dataSourceType: typeof row.dataSource?.type === 'string' ? row.dataSource.type : null,
    tags: geo.tags,
    ...mapIconsOf(geo),
    hasPin: pinned,
  };
}

export type OutlineSourceRow = Pick<
  NodeItemRow,
  'uuid' | 'itemName' | 'displayName' | 'itemType' | 'parentUuid' | 'position' | 'enable' | 'geoInfo'
> & { severity: number; eventSeverity: number };

/** A row as the tree outline carries it; `pinned` as for toTreeRow. */
export function toOutlineSource(row: OutlineSourceRow, depth: number, pinned: boolean): OutlineSource {
  const geo = geoInfoOf(row);
  return {
    uuid: row.uuid,
    itemName: row.itemName,
    itemDisplayName: row.displayName,
    itemType: row.itemType,
    depth,
    enable: row.enable,
    severity: row.severity,
    eventSeverity: row.eventSeverity,
    tags: geo.tags,
    ...mapIconsOf(geo),
    hasPin: pinned,
  };
}

export function toGeoSummary(row: NodeItemRow, parentName: string | null): GeoItemSummary {
  return {
    uuid: row.uuid,
    itemName: row.itemName,
    itemDisplayName: row.displayName,
    itemType: row.itemType,
    parentName,
    enable: row.enable,
    connection: row.connection,
    status: toItem(row, parentName).status,
    outputSimple: row.outputSimple ?? {},
    dataSourceType: typeof row.dataSource?.type === 'string' ? row.dataSource.type : null,
    geoInfo: geoInfoOf(row),
  };
}

/** LoRaWAN root and session keys the data-source wizards store (ttn, chirpstack, trackcentral; spec 3.2). */
const DEVICE_SECRET_KEYS = new Set([
  'appKey',
  'appkey',
  'otaaKey',
  'nwkKey',
  'nwkkey',
  'devKey',
  'appsKey',
  'appSKey',
  'netSessKey',
  'nwkskeyup',
  'nwkskeydn',
]);
export const MASKED_SECRET = '********';

/** The item as a caller without nodemanagement sees it: device keys set, but not their values. */
export function withMaskedDeviceKeys(item: Item): Item {
  const dataSource: ItemDataSource = { ...item.dataSource };
  for (const key of Object.keys(dataSource)) {
    const value = dataSource[key];
    if (DEVICE_SECRET_KEYS.has(key) && typeof value === 'string' && value !== '') dataSource[key] = MASKED_SECRET;
  }
  return { ...item, dataSource };
}
