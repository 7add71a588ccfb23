import { withinDeviceTags } from '@sensorium/core/server';
import type { NewItemInput } from '../../common/inputs';

/**
 * A device added by a user whose view is limited to some device tags gets the first of those tags when it carries none of
 * them, so the user who made it keeps seeing it. Nodes are left alone: they are seen through the devices below them.
 */
export function itemWithinTagLimit(newItem: NewItemInput, limit: readonly string[] | null): NewItemInput {
  if (limit === null || limit.length === 0 || newItem.itemType === 'node') return newItem;
  const geoInfo = newItem.geoInfo ?? {};
  const tags = Array.isArray(geoInfo.tags) ? geoInfo.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  if (withinDeviceTags(tags, limit)) return newItem;
  return Object.assign(Object.create(Object.getPrototypeOf(newItem) as object) as NewItemInput, newItem, {
    geoInfo: { ...geoInfo, tags: [...tags, limit[0]!] },
  });
}
