import { createExtensionPoint } from '@sensorium/core/common';
import type { SqlExecutor } from './item-state';

/**
 * Data other plugins keep per item (the device pipeline's history and events), deleted with the item. The nodes plugin
 * calls every hook inside the transaction that deletes the items (an item and all its descendants).
 */
export interface ItemDeletionHook {
  id: string;
  /** Deletes the items' data in `tx`; may answer work to run once the deletion committed (e.g. a push). */
  deleteItems(tx: SqlExecutor, appId: string, uuids: readonly string[]): Promise<(() => Promise<void>) | void>;
}
export const itemDeletionHooks = createExtensionPoint<ItemDeletionHook>('nodes.item-deletion-hooks/v1');

/** Told when field preferences or overrides of an item changed (after they are stored). */
export interface PreferenceChangeHook {
  id: string;
  /** Re-applies the item's preferences to its current values (ranges, override, events, live view). */
  preferencesChanged(appId: string, uuid: string, fields: readonly string[]): Promise<void>;
}
export const preferenceChangeHooks = createExtensionPoint<PreferenceChangeHook>('nodes.preference-change-hooks/v1');
