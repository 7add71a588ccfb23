import type { Item } from './types';

// Optimistic concurrency of the item's edits (issue 12 item 8). An edit sends, beside its change, the saved value it
// started from; the server refuses it (409) when the stored value differs by then, so nobody overwrites a change they
// never saw. Only the edited settings are compared: live values, receive times and other settings may change meanwhile.

/** How each setting of PATCH /items/{uuid} reads on the item, the same in the console and on the server. */
export const ITEM_SETTINGS = {
  enable: (item: Item): boolean => item.enable,
  enableHistory: (item: Item): boolean => item.storeHistory,
  /** null while none is set (the Basic tab shows its placeholder then). */
  connectionTimeoutSec: (item: Item): number | null => item.dataSource.connectionTimeoutSec ?? null,
  tags: (item: Item): string[] => item.geoInfo.tags ?? [],
  deviceEUI: (item: Item): string => item.dataSource.deviceEUI ?? '',
  itemDisplayName: (item: Item): string => item.itemDisplayName,
  siteAddress: (item: Item): string => item.geoInfo.site?.address ?? '',
};

export type ItemSetting = keyof typeof ITEM_SETTINGS;

export type ItemSettingValue<K extends ItemSetting> = ReturnType<(typeof ITEM_SETTINGS)[K]>;

/** The saved values an edit of the item started from, by setting. */
export type ItemSettingsBase = { [K in ItemSetting]?: ItemSettingValue<K> };

/** JSON with the keys of every object sorted: equal for equal values whatever order their keys were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b)))
      : entry,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** The settings whose stored value is no longer the one the edit started from. */
export function settingsChangedSince(item: Item, basedOn: ItemSettingsBase): ItemSetting[] {
  return (Object.keys(ITEM_SETTINGS) as ItemSetting[]).filter(
    (setting) => basedOn[setting] !== undefined && !sameValue(ITEM_SETTINGS[setting](item), basedOn[setting]),
  );
}
