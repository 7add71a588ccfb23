import { createExtensionPoint } from '@sensorium/core/common';

/** The fields of a user a device-tag limit depends on (the push hub hands its filters the same). */
export interface TagLimitedUser {
  id: string;
  level: string;
}

/**
 * Where User Setup keeps its device tags (the users plugin): per application, the tags a user may be limited to.
 * The route pipeline and the live pushes read them through `deviceTagLimit` and `deviceTagLimits`, which apply the rule.
 */
export interface DeviceTagSource {
  /** The tags stored for one user of an application; empty when none. */
  tagsOf(appId: string, userId: string): Promise<readonly string[]>;
  /** Every user of the application with stored tags, by user id. */
  taggedUsers(appId: string): Promise<ReadonlyMap<string, readonly string[]>>;
}

/** Contributed by the plugin that keeps User Setup; without one, nobody is limited. */
export const deviceTagSources = createExtensionPoint<DeviceTagSource>('core.device-tag-sources/v1');

/**
 * Only end-customer users are limited: cloud users operate every application and system integrators own their
 * organisation's, so tags stored for them change nothing.
 */
const isLimitable = (user: TagLimitedUser) => user.level === 'end-customer';

/** A user's device tags in one application, or null when the user sees every device. */
export async function deviceTagLimit(
  sources: readonly DeviceTagSource[],
  appId: string,
  user: TagLimitedUser,
): Promise<readonly string[] | null> {
  if (!isLimitable(user) || sources.length === 0) return null;
  const tags = (await Promise.all(sources.map((source) => source.tagsOf(appId, user.id)))).flat();
  return tags.length > 0 ? [...new Set(tags)] : null;
}

/** Every user's limit in one application, read at once for a message to many sockets. */
export interface DeviceTagLimitTable {
  /** Each distinct limit of the application's users (tags sorted). */
  limits: readonly (readonly string[])[];
  /** A user's limit: one of `limits` (the same array, so callers may compare by identity), or null for every device. */
  limitOf(user: TagLimitedUser): readonly string[] | null;
}

export async function deviceTagLimitTable(sources: readonly DeviceTagSource[], appId: string): Promise<DeviceTagLimitTable> {
  const tagsByUser = new Map<string, Set<string>>();
  for (const users of await Promise.all(sources.map((source) => source.taggedUsers(appId)))) {
    for (const [userId, tags] of users) tagsByUser.set(userId, new Set([...(tagsByUser.get(userId) ?? []), ...tags]));
  }
  const limits = new Map<string, readonly string[]>();
  const byUser = new Map<string, readonly string[]>();
  for (const [userId, tags] of tagsByUser) {
    if (tags.size === 0) continue;
    const sorted = [...tags].sort();
    const key = JSON.stringify(sorted);
    if (!limits.has(key)) limits.set(key, sorted);
    byUser.set(userId, limits.get(key)!);
  }
  return { limits: [...limits.values()], limitOf: (user) => (isLimitable(user) ? (byUser.get(user.id) ?? null) : null) };
}

/** The one visibility predicate: a device carrying one of the tags of the limit (every device when there is none). */
export function withinDeviceTags(itemTags: readonly string[] | undefined, limit: readonly string[] | null): boolean {
  return limit === null || (itemTags ?? []).some((tag) => limit.includes(tag));
}
