import { PUSH_TOPICS } from '@sensorium/core/common';
import { deviceTagLimitTable, type DeviceTagLimitTable, type DeviceTagSource, type PushHub } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '@sensorium/applications/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { LiveValueFeed, NodeValue, NodeValuesMessage } from '../../common/live-values';

export type { NodeValue, NodeValuesMessage } from '../../common/live-values';

/** At most 4 pushes per second per application and topic. */
export const PUSH_INTERVAL_MS = 250;
const OWNER_CACHE_MS = 10_000;
/** How long a change of User Setup's device tags or of an item's tags may take to reach the pushes. */
export const TAG_LIMIT_CACHE_MS = 5_000;

/** Who may see which items of an application: User Setup's device tags and the items a limit lets through. */
export interface PushAudience {
  /** Read at each refresh: the plugin keeping the tags registers after this one. */
  tagSources(): readonly DeviceTagSource[];
  visibleItems: ItemLookup['visibleItems'];
}

/** A socket's user, as the push hub hands it to filters. */
type Recipient = Parameters<NonNullable<Parameters<PushHub['publishKeyed']>[2]>>[0];

/** An application's limits and, per limit (by identity), the uuids it lets through, filled as pushes need them. */
interface TagLimitCache {
  table: DeviceTagLimitTable;
  visible: Map<readonly string[], Promise<Set<string>>>;
  until: number;
}

/** What travels to every instance, at most once per 250 ms per application. */
interface LiveChange {
  appId: string;
  /** The latest state of each item changed since the last one. */
  items: NodeValue[];
  /** Whether its events changed. */
  events: boolean;
}

/**
 * Live pushes after commit, coalesced per application: `node-values` (the latest state of each changed item) to the
 * sockets subscribed to the application, and `system-event-update` when its events changed, both only to users who
 * can see the application; a user limited to device tags gets only the items its limit lets through. Bursts within
 * 250 ms go out as one message. The instance that ingested the uplinks coalesces them and fans them out; every
 * instance with subscribed sockets looks up who may see what (cached) and tells its own.
 */
export class LivePush implements LiveValueFeed {
  private readonly values = new Map<string, Map<string, NodeValue>>();
  private readonly events = new Set<string>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly owners = new Map<string, { owner: ApplicationOwner | null; until: number }>();
  private readonly tagLimits = new Map<string, TagLimitCache>();
  /** Per application, the delivery under way: the next one waits for it, so sockets get the values in order. */
  private readonly delivering = new Map<string, Promise<void>>();
  private readonly send: (change: LiveChange) => void;
  /** The feed's listeners (share links' streams) by application. */
  private readonly watchers = new Map<string, Set<(items: readonly NodeValue[]) => void>>();
  private closed = false;

  constructor(
    private readonly hub: PushHub,
    private readonly access: Pick<ApplicationAccess, 'ownerOf'>,
    private readonly audience: PushAudience,
    private readonly intervalMs = PUSH_INTERVAL_MS,
  ) {
    this.send = hub.fanOut<LiveChange>('live-values', (change) => this.received(change));
  }

  itemChanged(appId: string, value: NodeValue): void {
    if (this.closed || (!this.hub.mayHaveSubscribers(PUSH_TOPICS.nodeValues, appId) && !this.watchers.has(appId))) return;
    const pending = this.values.get(appId) ?? new Map<string, NodeValue>();
    pending.set(value.uuid, value);
    this.values.set(appId, pending);
    this.schedule(appId);
  }

  eventsChanged(appId: string): void {
    if (this.closed) return;
    this.events.add(appId);
    this.schedule(appId);
  }

  watch(appId: string, listener: (items: readonly NodeValue[]) => void): () => void {
    const listeners = this.watchers.get(appId) ?? new Set();
    listeners.add(listener);
    this.watchers.set(appId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.watchers.get(appId) === listeners) this.watchers.delete(appId);
    };
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.values.clear();
    this.events.clear();
  }

  private schedule(appId: string): void {
    if (this.timers.has(appId)) return;
    const wait = Math.max(0, (this.lastSent.get(appId) ?? 0) + this.intervalMs - Date.now());
    this.timers.set(
      appId,
      setTimeout(() => this.flush(appId), wait),
    );
  }

  private async ownerOf(appId: string): Promise<ApplicationOwner | null> {
    const cached = this.owners.get(appId);
    if (cached && cached.until > Date.now()) return cached.owner;
    const owner = await this.access.ownerOf(appId);
    this.owners.set(appId, { owner, until: Date.now() + OWNER_CACHE_MS });
    return owner;
  }

  private async tagLimitsOf(appId: string): Promise<TagLimitCache> {
    const cached = this.tagLimits.get(appId);
    if (cached && cached.until > Date.now()) return cached;
    const table = await deviceTagLimitTable(this.audience.tagSources(), appId);
    const fresh: TagLimitCache = { table, visible: new Map(), until: Date.now() + TAG_LIMIT_CACHE_MS };
    this.tagLimits.set(appId, fresh);
    return fresh;
  }

  /** Every item to users without a limit; to each group of users sharing a limit, the items it lets through. */
  private async sendValues(appId: string, items: NodeValue[], visible: (user: Recipient) => boolean): Promise<void> {
    const { table, visible: visibleByLimit } = await this.tagLimitsOf(appId);
    const publish = (data: NodeValuesMessage, recipients: (user: Recipient) => boolean) =>
      this.hub.publishKeyed(appId, { topic: PUSH_TOPICS.nodeValues, data }, recipients);
    publish({ appId, items }, (user) => table.limitOf(user) === null && visible(user));
    for (const limit of table.limits) {
      if (!visibleByLimit.has(limit)) {
        const uuids = this.audience.visibleItems(appId, limit).then((refs) => new Set(refs.map((ref) => ref.uuid)));
        visibleByLimit.set(limit, uuids);
      }
      const uuids = await visibleByLimit.get(limit)!;
      const shown = items.filter((item) => uuids.has(item.uuid));
      if (shown.length > 0 && !this.closed)
        publish({ appId, items: shown }, (user) => table.limitOf(user) === limit && visible(user));
    }
  }

  /** Fans out what gathered for the application since its last push. */
  private flush(appId: string): void {
    this.timers.delete(appId);
    this.lastSent.set(appId, Date.now());
    const values = this.values.get(appId);
    this.values.delete(appId);
    const events = this.events.delete(appId);
    if (!this.closed && (values?.size || events)) this.send({ appId, items: [...(values?.values() ?? [])], events });
  }

  private received(change: LiveChange): void {
    if (this.closed) return;
    const next = (this.delivering.get(change.appId) ?? Promise.resolve()).then(() => this.deliver(change));
    this.delivering.set(change.appId, next);
    void next.finally(() => {
      if (this.delivering.get(change.appId) === next) this.delivering.delete(change.appId);
    });
  }

  private async deliver({ appId, items, events }: LiveChange): Promise<void> {
    if (items.length > 0) for (const listener of this.watchers.get(appId) ?? []) listener(items);
    const values = items.length > 0 && this.hub.hasSubscribers(PUSH_TOPICS.nodeValues, appId);
    if (!values && !events) return;
    try {
      const owner = await this.ownerOf(appId);
      if (!owner || this.closed) return;
      const visible = (user: Recipient) => canSeeApplication(user, owner);
      if (values) await this.sendValues(appId, items, visible);
      if (events) this.hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: { appId } }, visible);
    } catch {
      // A failed owner or tag lookup drops this push; the next change pushes the latest state again.
    }
  }
}
