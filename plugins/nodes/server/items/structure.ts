import { sql } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import type { StructureNodeInput } from '../../common/inputs';
import { MAX_TREE_DEPTH, ROOT_ITEM_NAME, type TreeRow } from '../../common/types';
import type { NodeData } from './node-data';
import { depthOf, visibleRows, type ItemTree } from './tree';

/** The tree's shape as the nestable tree edits it: parents and sibling positions. */
export class StructureEditor {
  constructor(
    private readonly db: Database,
    private readonly tree: ItemTree,
    private readonly nodeData: NodeData,
  ) {}

  /**
   * PUT /structure: re-parents and re-orders items as the nestable tree sends them. Every name must exist in the
   * application and appear once; the root stays on top (a list without it is taken as the root's children); items not
   * listed keep their place; the result must be at most MAX_TREE_DEPTH deep. Positions follow the list order (from 1).
   * A user limited to device tags names only items it sees: the others are not found.
   */
  async save(appId: string, structure: readonly StructureNodeInput[], deviceTags: readonly string[] | null): Promise<TreeRow[]> {
    await this.tree.ensureRoot(appId);
    const rows = await this.tree.rows(appId);
    const byName = new Map(visibleRows(rows, deviceTags).map((row) => [row.itemName, row]));
    const root = rows.find((row) => row.itemName === ROOT_ITEM_NAME && row.parentUuid === null)!;
    const topHasRoot = structure.some((entry) => entry.itemName === ROOT_ITEM_NAME);
    if (topHasRoot && structure.length > 1) throw HttpError.badRequest('nodes.errors.rootMove', 'structure');
    const top = topHasRoot ? (structure[0]!.children ?? []) : structure;

    const placed = new Map<string, { parentUuid: string; position: number }>();
    const walk = (entries: readonly StructureNodeInput[], parentUuid: string) => {
      entries.forEach((entry, index) => {
        if (entry.itemName === ROOT_ITEM_NAME) throw HttpError.badRequest('nodes.errors.rootMove', 'structure');
        const row = byName.get(entry.itemName);
        if (!row) throw HttpError.badRequest('nodes.errors.itemNotFound', 'structure', { itemName: entry.itemName });
        if (placed.has(row.uuid)) {
          throw HttpError.badRequest('nodes.errors.duplicateInStructure', 'structure', { itemName: entry.itemName });
        }
        placed.set(row.uuid, { parentUuid, position: index + 1 });
        if (row.itemType !== 'node' && (entry.children ?? []).length > 0) {
          throw HttpError.badRequest('nodes.errors.parentIsItem', 'structure', { parentName: entry.itemName });
        }
        walk(entry.children ?? [], row.uuid);
      });
    };
    walk(top, root.uuid);

    const parents = new Map(rows.map((row) => [row.uuid, placed.get(row.uuid)?.parentUuid ?? row.parentUuid]));
    for (const row of rows) {
      const depth = depthOf(row.uuid, parents);
      if (depth === Number.POSITIVE_INFINITY)
        throw HttpError.badRequest('nodes.errors.cycle', 'structure', { itemName: row.itemName });
      if (depth > MAX_TREE_DEPTH) throw HttpError.badRequest('nodes.errors.tooDeep', 'structure', { max: MAX_TREE_DEPTH });
    }

    const changes = [...placed.entries()];
    if (changes.length > 0) {
      const values = sql.join(
        changes.map(([uuid, place]) => sql`(${uuid}::uuid, ${place.parentUuid}::uuid, ${place.position}::int)`),
        sql`, `,
      );
      await this.db.execute(sql`
        UPDATE node_items SET parent_uuid = v.parent, position = v.pos, updated_at = now()
        FROM (VALUES ${values}) AS v(id, parent, pos)
        WHERE node_items.uuid = v.id AND node_items.app_id = ${appId}
      `);
    }
    const oldParents = new Set(rows.map((row) => row.parentUuid).filter((id): id is string => id !== null));
    for (const [, place] of changes) oldParents.add(place.parentUuid);
    for (const parentUuid of oldParents) await this.nodeData.recompute(appId, parentUuid);
    return this.tree.tree(appId, deviceTags);
  }
}
