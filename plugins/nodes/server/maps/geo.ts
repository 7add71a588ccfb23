import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { GeoInfo, GeoInfoResponse, Item } from '../../common/types';
import { toGeoSummary } from '../item-json';
import type { ItemRows } from '../items/item-rows';
import { treeOrder, visibleRows } from '../items/tree';
import { nodeItems } from '../schema';

/** Where a row sits and the tags a device-tag limit checks: what finding the rows below a node needs. */
const PLACE_COLUMNS = {
  uuid: nodeItems.uuid,
  itemName: nodeItems.itemName,
  parentUuid: nodeItems.parentUuid,
  position: nodeItems.position,
  geoInfo: nodeItems.geoInfo,
};

/** Items' geo info: what the maps show below a node, and the site image and floor plan writes. */
export class GeoStore {
  constructor(
    private readonly db: Database,
    private readonly rows: ItemRows,
  ) {}

  /**
   * GET /geo-info/{uuid}: the node and one page of every node and sensor below it (tree order) a device-tag limit lets
   * through. The places of the application's rows are read first; whole rows only for the page.
   */
  async geoInfo(
    appId: string,
    uuid: string,
    deviceTags: readonly string[] | null,
    { page, size }: { page: number; size: number },
  ): Promise<GeoInfoResponse> {
    const { parentName, ...self } = await this.rows.row(appId, uuid);
    const places = visibleRows(await this.db.select(PLACE_COLUMNS).from(nodeItems).where(eq(nodeItems.appId, appId)), deviceTags);
    const below = new Set([uuid]);
    const descendants: { uuid: string; parentName: string | null }[] = [];
    for (const { row, parent } of treeOrder(places)) {
      if (row.parentUuid && below.has(row.parentUuid)) {
        below.add(row.uuid);
        descendants.push({ uuid: row.uuid, parentName: parent?.itemName ?? null });
      }
    }
    const shown = descendants.slice(page * size, (page + 1) * size);
    const rows = shown.length
      ? await this.db
          .select()
          .from(nodeItems)
          .where(
            and(
              eq(nodeItems.appId, appId),
              inArray(
                nodeItems.uuid,
                shown.map((entry) => entry.uuid),
              ),
            ),
          )
      : [];
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    // A row deleted between the two reads is left out.
    const children = shown.flatMap((entry) => {
      const row = byUuid.get(entry.uuid);
      return row ? [toGeoSummary(row, entry.parentName)] : [];
    });
    return { data: { parent: toGeoSummary(self, parentName), children, total: descendants.length } };
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
