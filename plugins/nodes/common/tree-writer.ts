import { createToken } from '@sensorium/core/common';
import type { FieldPreference } from './field-preference';
import type { ItemType } from './types';

/** One node or item to add to an application's tree, under a node added before it (or the root). */
export interface TreeItemSpec {
  itemType: ItemType;
  itemName: string;
  itemDisplayName?: string;
  itemDescription?: string;
  /** The parent node's item name; the root when absent. */
  parentName?: string;
  dataSource?: Record<string, unknown>;
  /** Field preferences by field, as the add-item wizard sends them. */
  input?: Record<string, FieldPreference>;
  geoInfo?: { tags?: string[]; site?: { address?: string } };
}

/**
 * Writes a whole tree into an application (the project wizard's templates), through the add-item route's code path:
 * the same item-name, device-binding and field-preference checks, a 400 naming the offending item's path.
 * Provided by the nodes plugin.
 */
export interface TreeWriter {
  /**
   * Adds the root and then `items` in order; answers each added item's uuid by item name. `transaction` (the server's
   * Database, which this isomorphic folder cannot name) writes inside the caller's transaction.
   */
  write(appId: string, items: readonly TreeItemSpec[], transaction?: unknown): Promise<Record<string, string>>;
}
export const TreeWriterToken = createToken<TreeWriter>('nodes.tree-writer');
