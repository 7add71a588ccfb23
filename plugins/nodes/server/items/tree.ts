import { eq, sql } from 'drizzle-orm';
import { withinDeviceTags, type Database } from '@sensorium/core/server';
import { encodeOutline, type TreeOutline } from '../../common/tree-outline';
import { ROOT_ITEM_NAME, type TreeRow } from '../../common/types';
import { toOutlineSource, toTreeRow, type TreeSourceRow } from '../item-json';
import { nodeItems } from '../schema';
import { OutlineCache } from './outline-cache';
import { selectPacked } from './packed-rows';

const TREE_COLUMNS = {
  uuid: nodeItems.uuid,
  itemName: nodeItems.itemName,
  displayName: nodeItems.displayName,
  itemType: nodeItems.itemType,
  parentUuid: nodeItems.parentUuid,
  position: nodeItems.position,
  enable: nodeItems.enable,
  connection: nodeItems.connection,
  status: nodeItems.status,
  dataSource: nodeItems.dataSource,
  geoInfo: nodeItems.geoInfo,
};

/**
 * What the outline reads: no data source (its keys and commands can be large) and, of the status, only the two
 * severities (its field statuses grow with the fields).
 */
const OUTLINE_COLUMNS = {
  uuid: nodeItems.uuid,
  itemName: nodeItems.itemName,
  displayName: nodeItems.displayName,
  itemType: nodeItems.itemType,
  parentUuid: nodeItems.parentUuid,
  position: nodeItems.position,
  enable: nodeItems.enable,
  severity: sql<number>`coalesce((${nodeItems.status}->>'severity')::int, 0)`,
  eventSeverity: sql<number>`coalesce((${nodeItems.status}->>'eventSeverity')::int, 0)`,
  geoInfo: nodeItems.geoInfo,
};

/** Siblings by position, then name. */
const bySiblingOrder = (a: { position: number; itemName: string }, b: { position: number; itemName: string }) =>
  a.position - b.position || a.itemName.localeCompare(b.itemName);

type OrderRow = Pick<TreeSourceRow, 'uuid' | 'itemName' | 'parentUuid' | 'position'>;

/** Rows in tree order with their depth (root 1); unreachable rows (none in practice) are left out. */
export function treeOrder<T extends OrderRow>(rows: readonly T[]): { row: T; depth: number; parent: T | null }[] {
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = children.get(row.parentUuid) ?? [];
    list.push(row);
    children.set(row.parentUuid, list);
  }
  for (const list of children.values()) list.sort(bySiblingOrder);
  const top = (children.get(null) ?? []).sort((a, b) =>
    a.itemName === ROOT_ITEM_NAME ? -1 : b.itemName === ROOT_ITEM_NAME ? 1 : 0,
  );
  const result: { row: T; depth: number; parent: T | null }[] = [];
  const stack = top.map((row) => ({ row, depth: 1, parent: null as T | null })).reverse();
  const seen = new Set<string>();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (seen.has(entry.row.uuid)) continue;
    seen.add(entry.row.uuid);
    result.push(entry);
    const kids = children.get(entry.row.uuid) ?? [];
    for (let index = kids.length - 1; index >= 0; index--) {
      stack.push({ row: kids[index]!, depth: entry.depth + 1, parent: entry.row });
    }
  }
  return result;
}

/** Levels from the root down to an item (root 1); infinite when the parents form a cycle. */
export function depthOf(uuid: string, parents: ReadonlyMap<string, string | null>): number {
  let depth = 0;
  const seen = new Set<string>();
  for (let current: string | null | undefined = uuid; current; current = parents.get(current)) {
    if (seen.has(current)) return Number.POSITIVE_INFINITY;
    seen.add(current);
    depth++;
  }
  return depth;
}

/** An item and everything below it. */
export function withDescendants(rows: readonly Pick<TreeSourceRow, 'uuid' | 'parentUuid'>[], uuid: string): string[] {
  const found = new Set([uuid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (row.parentUuid && found.has(row.parentUuid) && !found.has(row.uuid)) {
        found.add(row.uuid);
        grew = true;
      }
    }
  }
  return [...found];
}

type VisibilityRow = Pick<TreeSourceRow, 'uuid' | 'parentUuid' | 'geoInfo'>;

/**
 * What a user limited to device tags (User Setup) sees of an application: the items carrying one of the tags, the
 * nodes above them (so the tree still reaches them) and the root. Every row when there is no limit.
 */
export function visibleRows<T extends VisibilityRow>(rows: readonly T[], deviceTags: readonly string[] | null): T[] {
  if (deviceTags === null) return [...rows];
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const visible = new Set<string>();
  for (const row of rows) {
    if (row.parentUuid !== null && !withinDeviceTags(row.geoInfo?.tags, deviceTags)) continue;
    for (
      let current: T | undefined = row;
      current && !visible.has(current.uuid);
      current = byUuid.get(current.parentUuid ?? '')
    ) {
      visible.add(current.uuid);
    }
  }
  return rows.filter((row) => visible.has(row.uuid));
}

/** Whether the item has a pin on its parent's floor plan. */
function isPinned(row: Pick<TreeSourceRow, 'itemName'>, parent: Pick<TreeSourceRow, 'geoInfo'> | null): boolean {
  return parent?.geoInfo?.floorPlan?.pins?.some((pin) => pin.itemName === row.itemName) ?? false;
}

/** The tree of an application: its root node (created on first use) and its rows in tree order. */
export class ItemTree {
  private readonly outlines: OutlineCache;

  constructor(private readonly db: Database) {
    this.outlines = new OutlineCache(db);
  }

  /** Every application has one root node, created on first use. */
  async ensureRoot(appId: string): Promise<void> {
    await this.db
      .insert(nodeItems)
      .values({ appId, itemName: ROOT_ITEM_NAME, itemType: 'node', position: 1 })
      .onConflictDoNothing();
  }

  /** The application's rows with what the tree shows, in no particular order; only those a device-tag limit lets through. */
  async rows(appId: string, deviceTags: readonly string[] | null = null): Promise<TreeSourceRow[]> {
    return visibleRows(await selectPacked(this.db, TREE_COLUMNS, eq(nodeItems.appId, appId)), deviceTags);
  }

  /** Whether the application has this item and a device-tag limit lets its user see it. */
  async isVisible(appId: string, uuid: string, deviceTags: readonly string[] | null): Promise<boolean> {
    return (await this.rows(appId, deviceTags)).some((row) => row.uuid === uuid);
  }

  /** Whether a device-tag limit hides the item of this name (a parent to add below, say) from its user. */
  async hidesName(appId: string, itemName: string, deviceTags: readonly string[] | null): Promise<boolean> {
    return deviceTags !== null && !(await this.rows(appId, deviceTags)).some((row) => row.itemName === itemName);
  }

  /**
   * Whether a user limited to device tags may change the item: it and everything below it carry one of the tags. The
   * nodes it sees only because its devices are below them are not its to change.
   */
  async isWritable(appId: string, uuid: string, deviceTags: readonly string[] | null): Promise<boolean> {
    const rows = await this.rows(appId);
    if (!rows.some((row) => row.uuid === uuid)) return false;
    const affected = new Set(withDescendants(rows, uuid));
    return rows.every((row) => !affected.has(row.uuid) || withinDeviceTags(row.geoInfo?.tags, deviceTags));
  }

  /** GET /tree: the tree in order, the root first (created with the first read); what a device-tag limit lets through. */
  async tree(appId: string, deviceTags: readonly string[] | null = null): Promise<TreeRow[]> {
    await this.ensureRoot(appId);
    return treeOrder(await this.rows(appId, deviceTags)).map(({ row, depth, parent }) =>
      toTreeRow(row, parent?.itemName ?? null, depth, isPinned(row, parent)),
    );
  }

  /** GET /tree-outline: the same rows with only what the console's tree shows of them, column by column. */
  async outline(appId: string, deviceTags: readonly string[] | null = null): Promise<TreeOutline> {
    await this.ensureRoot(appId);
    const rows = visibleRows(await selectPacked(this.db, OUTLINE_COLUMNS, eq(nodeItems.appId, appId)), deviceTags);
    return encodeOutline(treeOrder(rows).map(({ row, depth, parent }) => toOutlineSource(row, depth, isPinned(row, parent))));
  }

  /**
   * GET /tree-outline's answer as JSON text: an unrestricted view comes from the cache while the rows are unchanged (see
   * OutlineCache), a view limited to device tags is built for its caller.
   */
  async outlineJson(appId: string, deviceTags: readonly string[] | null): Promise<string> {
    if (deviceTags !== null) return JSON.stringify(await this.outline(appId, deviceTags));
    await this.ensureRoot(appId);
    return this.outlines.read(appId, () => this.outline(appId));
  }
}
