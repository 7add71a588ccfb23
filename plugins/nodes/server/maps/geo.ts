import { and, eq } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { GeoInfo, GeoInfoResponse, Item } from '../../common/types';
import { toGeoSummary } from '../item-json';
import type { ItemRows } from '../items/item-rows';
import { treeOrder, visibleRows } from '../items/tree';
import { nodeItems } from '../schema';

/** Items' geo info: what the maps show below a node, and the site image and floor plan writes. */
export class GeoStore {
  constructor(
    private readonly db: Database,
    private readonly rows: ItemRows,
  ) {}

  /** GET /geo-info/{uuid}: the node and every node and sensor below it (tree order) a device-tag limit lets through. */
  async geoInfo(appId: string, uuid: string, deviceTags: readonly string[] | null): Promise<GeoInfoResponse> {
    const item = await this.rows.row(appId, uuid);
    const rows = visibleRows(await this.db.select().from(nodeItems).where(eq(nodeItems.appId, appId)), deviceTags);
    const below = new Set([uuid]);
    const children = [];
    for (const { row, parent } of treeOrder(rows)) {
      if (row.parentUuid && below.has(row.parentUuid)) {
        below.add(row.uuid);
        children.push(toGeoSummary(row, parent?.itemName ?? null));
      }
    }
    const { parentName, ...self } = item;
    return { data: { parent: toGeoSummary(self, parentName), children } };
  }

  /** Replaces an item's geo info and answers the item. */
  async write(appId: string, uuid: string, geoInfo: GeoInfo): Promise<Item> {
    await this.db
      .update(nodeItems)
      .set({ geoInfo, updatedAt: new Date() })
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    return this.rows.get(appId, uuid);
  }

  /** The names of the items directly below a node (what its floor plan may pin). */
  async childNames(appId: string, uuid: string): Promise<Set<string>> {
    const children = await this.db
      .select({ itemName: nodeItems.itemName })
      .from(nodeItems)
      .where(and(eq(nodeItems.appId, appId), eq(nodeItems.parentUuid, uuid)));
    return new Set(children.map((child) => child.itemName));
  }
}
