import { appPagePath, type AppMenuItemContribution } from '@sensorium/core/client';

export type AppMenuEntry =
  | { kind: 'item'; item: AppMenuItemContribution }
  | { kind: 'group'; group: NonNullable<AppMenuItemContribution['group']>; items: AppMenuItemContribution[] };

/**
 * Orders the per-application menu (spec §2.3): plain items as links, grouped items in one dropdown per group,
 * placed where the group's first item falls in the order.
 */
export function appMenuEntries(items: readonly AppMenuItemContribution[]): AppMenuEntry[] {
  const entries: AppMenuEntry[] = [];
  for (const item of [...items].sort((a, b) => a.order - b.order)) {
    if (!item.group) {
      entries.push({ kind: 'item', item });
      continue;
    }
    const existing = entries.find((entry) => entry.kind === 'group' && entry.group === item.group);
    if (existing?.kind === 'group') existing.items.push(item);
    else entries.push({ kind: 'group', group: item.group, items: [item] });
  }
  return entries;
}

export function appMenuHref(appId: string, item: AppMenuItemContribution): string {
  return appPagePath(appId, item.path);
}
