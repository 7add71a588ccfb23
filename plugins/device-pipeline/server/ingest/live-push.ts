import { PUSH_TOPICS } from '@sensorium/core/common';
import type { PushHub } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '@sensorium/applications/common';
import type { NodeValue, NodeValuesMessage } from '../../common/live-values';

export type { NodeValue, NodeValuesMessage } from '../../common/live-values';

/** At most 4 pushes per second per application and topic. */
export const PUSH_INTERVAL_MS = 250;
const OWNER_CACHE_MS = 10_000;

/**
 * Live pushes after commit, coalesced per application: `node-values` (the latest state of each changed item) to the
 * sockets subscribed to the application, and `system-event-update` when its events changed, both only to users who
 * can see the application. Bursts within 250 ms go out as one message.
 */
export class LivePush {
  private readonly values = new Map<string, Map<string, NodeValue>>();
  private readonly events = new Set<string>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly owners = new Map<string, { owner: ApplicationOwner | null; until: number }>();
  private closed = false;

  constructor(
    private readonly hub: PushHub,
    private readonly access: Pick<ApplicationAccess, 'ownerOf'>,
    private readonly intervalMs = PUSH_INTERVAL_MS,
  ) {}

  itemChanged(appId: string, value: NodeValue): void {
    if (this.closed || !this.hub.hasSubscribers(PUSH_TOPICS.nodeValues, appId)) return;
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
      setTimeout(() => void this.send(appId), wait),
    );
  }

  private async ownerOf(appId: string): Promise<ApplicationOwner | null> {
    const cached = this.owners.get(appId);
    if (cached && cached.until > Date.now()) return cached.owner;
    const owner = await this.access.ownerOf(appId);
    this.owners.set(appId, { owner, until: Date.now() + OWNER_CACHE_MS });
    return owner;
  }

  private async send(appId: string): Promise<void> {
    this.lastSent.set(appId, Date.now());
    const values = this.values.get(appId);
    this.values.delete(appId);
    const events = this.events.delete(appId);
    try {
      const owner = await this.ownerOf(appId);
      if (owner && !this.closed) {
        const visible = (user: Parameters<typeof canSeeApplication>[0]) => canSeeApplication(user, owner);
        if (values?.size) {
          const data: NodeValuesMessage = { appId, items: [...values.values()] };
          this.hub.publishKeyed(appId, { topic: PUSH_TOPICS.nodeValues, data }, visible);
        }
        if (events) this.hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: { appId } }, visible);
      }
    } catch {
      // A failed owner lookup drops this push; the next change pushes the latest state again.
    } finally {
      this.timers.delete(appId);
      if (!this.closed && (this.values.has(appId) || this.events.has(appId))) this.schedule(appId);
    }
  }
}
