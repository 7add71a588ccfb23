import { createToken } from '@sensorium/core/common';
import type { SqlExecutor } from './item-state';
import type { Item, ItemDataSource } from './types';

/** An item by its identity. */
export interface ItemRef {
  uuid: string;
  appId: string;
  itemName: string;
}

/** A device of the tree (an item, not a node) with where it sits. */
export interface PlacedDevice {
  /** As GET /items/{uuid} answers it, device keys masked. */
  item: Item;
  /** Item names from the root down to the device's parent (the Position path). */
  path: string[];
}

/** Reads of the node tree for other plugins (provided by the nodes plugin, which owns node_items). */
export interface ItemLookup {
  /**
   * The application's item with this uuid; null when the application has none, or when `deviceTags` (a user's limit,
   * ScopedApplication.deviceTags) hide it.
   */
  find(appId: string, uuid: string, deviceTags?: readonly string[] | null): Promise<ItemRef | null>;
  /** The items of an application a user limited to these device tags sees: those carrying one and the nodes above them. */
  visibleItems(appId: string, deviceTags: readonly string[]): Promise<ItemRef[]>;
  /**
   * The application's devices (items, not nodes) in tree order, with their values, field preferences and status; only
   * those carrying one of `deviceTags` when given (a user's limit, ScopedApplication.deviceTags).
   */
  devices(appId: string, deviceTags: readonly string[] | null): Promise<PlacedDevice[]>;
  /** Every item of an application; `tx` reads inside the caller's transaction (e.g. items a restore just wrote). */
  itemsOf(appId: string, tx?: SqlExecutor): Promise<ItemRef[]>;
  /** Enabled items whose data source is of this type, with its settings: what a polling source (crawler) polls. */
  enabledItemsOfSource(type: string): Promise<(ItemRef & { dataSource: ItemDataSource })[]>;
}
export const ItemLookupToken = createToken<ItemLookup>('nodes.item-lookup');
