/**
 * How an item is bound to a device at a device server. ChirpStack and The Things Stack scope devices by application (TTS
 * device ids are unique only within their application), so an item's binding is its source type, device id and, once
 * known, the device server's application; an uplink reaches an item only when all of them match.
 */

/**
 * The comparable form of a device-server application: trimmed, lower case, without a TTS `@tenant` suffix (the tenant
 * is part of TTS topics but not of what an item stores). Null for an empty or missing value.
 */
export function applicationKey(application: unknown): string | null {
  if (typeof application !== 'string') return null;
  const key = application.trim().split('@')[0]!.toLowerCase();
  return key === '' ? null : key;
}

/** What routing needs of an item: its binding columns. */
export interface BoundItem {
  uuid: string;
  sourceType: string | null;
  deviceId: string | null;
  /** applicationKey of the item's dataSource.application; null while the item has none. */
  deviceApplication: string | null;
}

/** An item that takes its device-server application from this uplink (dataSource.application as the uplink names it). */
export interface LearntApplication {
  uuid: string;
  application: string;
}

/**
 * Picks the item an uplink belongs to among the items bound to its device. An uplink naming its application goes to the
 * item bound to that application, else to the device's item bound to no application yet (which learns it, once); never
 * to an item bound to another application. An uplink naming none goes to the device's item as before.
 */
export class DeviceRouter<T extends BoundItem> {
  private readonly byDevice = new Map<string, T[]>();
  /** Applications learnt by this batch's uplinks, to be written with it. */
  readonly learnt: LearntApplication[] = [];

  constructor(items: readonly T[]) {
    for (const item of items) {
      if (item.sourceType === null || item.deviceId === null) continue;
      const key = `${item.sourceType}\u0000${item.deviceId}`;
      const list = this.byDevice.get(key);
      if (list) list.push(item);
      else this.byDevice.set(key, [item]);
    }
  }

  route(source: string, deviceId: string, sourceApplication?: string): T | undefined {
    const candidates = this.byDevice.get(`${source}\u0000${deviceId.toLowerCase()}`) ?? [];
    const application = applicationKey(sourceApplication);
    if (application === null) return candidates[0];
    const bound = candidates.find((item) => item.deviceApplication === application);
    if (bound) return bound;
    const unbound = candidates.find((item) => item.deviceApplication === null);
    if (!unbound) return undefined;
    unbound.deviceApplication = application;
    this.learnt.push({ uuid: unbound.uuid, application: sourceApplication!.trim() });
    return unbound;
  }
}
