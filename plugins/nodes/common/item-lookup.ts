import { createToken } from '@sensorium/core/common';
import type { SqlExecutor } from './item-state';
import type { FloorPlanPin, Item, ItemDataSource } from './types';

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

/** A node's floor plan: the stored name of its image and the pins placed on it. */
export interface FloorPlan {
  image: string;
  pins: FloorPlanPin[];
}

/** A stored image: its bytes, or (with object storage) an expiring link the browser loads it from. */
export type StoredImage = { content: Uint8Array; contentType: string } | { url: string };

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
   * those carrying one of `deviceTags` when given (a user's limit, ScopedApplication.deviceTags), and only those among
   * `uuids` when given: then only those rows and the nodes above them are read, not the whole tree (a dashboard's few
   * bound items of an application of 10,000).
   */
  devices(appId: string, deviceTags: readonly string[] | null, uuids?: readonly string[]): Promise<PlacedDevice[]>;
  /** The floor plan of the application's node (or item) `uuid`; null when it has none. */
  floorPlan(appId: string, uuid: string): Promise<FloorPlan | null>;
  /** The image of that floor plan; null when there is none. */
  floorPlanImage(appId: string, uuid: string): Promise<StoredImage | null>;
  /** Every item of an application; `tx` reads inside the caller's transaction (e.g. items a restore just wrote). */
  itemsOf(appId: string, tx?: SqlExecutor): Promise<ItemRef[]>;
  /** Enabled items whose data source is of this type, with its settings: what a polling source (crawler) polls. */
  enabledItemsOfSource(type: string): Promise<(ItemRef & { dataSource: ItemDataSource })[]>;
}
export const ItemLookupToken = createToken<ItemLookup>('nodes.item-lookup');
