import type { Database } from '@sensorium/core/server';
import type { NewItemInput } from '../common/inputs';
import type { TreeWriter } from '../common/tree-writer';
import { ROOT_ITEM_NAME } from '../common/types';
import { createNodeItems, type NodeItemsDeps } from './items';

/**
 * The tree writer (TreeWriterToken): every item goes through ItemCrud.add, the add-item route's path, on the caller's
 * transaction when one is given, so a refused item leaves nothing of the tree behind.
 */
export function treeWriter(db: Database, deps: NodeItemsDeps): TreeWriter {
  return {
    async write(appId, specs, transaction) {
      const items = createNodeItems((transaction as Database | undefined) ?? db, deps);
      await items.tree.ensureRoot(appId);
      const uuids: Record<string, string> = {};
      for (const spec of specs) {
        const newItem: NewItemInput = {
          itemType: spec.itemType,
          itemName: spec.itemName,
          itemDisplayName: spec.itemDisplayName,
          itemDescription: spec.itemDescription,
          dataSource: spec.dataSource ?? (spec.itemType === 'node' ? { enableHistory: false } : {}),
          input: (spec.input ?? {}) as Record<string, unknown>,
          geoInfo: spec.geoInfo ?? {},
        };
        const added = await items.crud.add(appId, newItem, spec.parentName ?? ROOT_ITEM_NAME);
        uuids[added.itemName] = added.uuid;
      }
      return uuids;
    },
  };
}
