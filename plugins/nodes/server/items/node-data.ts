import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { computeNodeDataFields, hasNodeData } from '../../common/node-data';
import type { Item } from '../../common/types';
import type { ItemRows } from './item-rows';
import { nodeItems } from '../schema';

/** Node data (spec 2.5): fields of a node computed from its children, recomputed after changes below it. */
export class NodeData {
  constructor(
    private readonly db: Database,
    private readonly rows: ItemRows,
  ) {}

  /** A node's node-data fields from its children; nothing when it has none. */
  async recompute(appId: string, uuid: string): Promise<void> {
    const [node] = await this.db
      .select({ input: nodeItems.input })
      .from(nodeItems)
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    if (!node || !hasNodeData(node.input ?? {})) return;
    const children = await this.db
      .select({ outputSimple: nodeItems.outputSimple, enable: nodeItems.enable })
      .from(nodeItems)
      .where(eq(nodeItems.parentUuid, uuid))
      .orderBy(asc(nodeItems.position));
    const values = computeNodeDataFields(node.input, children);
    await this.db
      .update(nodeItems)
      .set({ outputSimple: sql`${nodeItems.outputSimple} || ${JSON.stringify(values)}::jsonb`, updatedAt: new Date() })
      .where(eq(nodeItems.uuid, uuid));
  }

  /** POST /items/{uuid}/refresh: recomputes the item's node data and returns it as stored. */
  async refresh(appId: string, uuid: string): Promise<Item> {
    await this.rows.row(appId, uuid);
    await this.recompute(appId, uuid);
    return this.rows.get(appId, uuid);
  }
}
