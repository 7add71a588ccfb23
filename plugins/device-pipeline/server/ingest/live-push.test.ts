import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '@sensorium/core/common';
import type { PushHub } from '@sensorium/core/server';
import type { ApplicationOwner } from '@sensorium/applications/common';
import { LivePush, TAG_LIMIT_CACHE_MS, type NodeValue, type NodeValuesMessage, type PushAudience } from './live-push';

type Recipient = { id: string; level: string; organisationId: string | null; endCustomerId: string | null };

class FakeHub implements PushHub {
  readonly sent: { key?: string; message: PushMessage; recipients: string[] }[] = [];
  subscribed = new Set<string>(['node-values app-a']);
  readonly users: Recipient[] = [
    { id: 'cloud', level: 'cloud', organisationId: null, endCustomerId: null },
    { id: 'org-a', level: 'si-customer', organisationId: 'org-a', endCustomerId: null },
    { id: 'org-b', level: 'si-customer', organisationId: 'org-b', endCustomerId: null },
  ];
  publish<T>(message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    this.sent.push({ message, recipients: this.users.filter((u) => !filter || filter(u)).map((u) => u.id) });
  }
  publishKeyed<T>(key: string, message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    this.sent.push({ key, message, recipients: this.users.filter((u) => !filter || filter(u)).map((u) => u.id) });
  }
  hasSubscribers(topic: string, key: string): boolean {
    return this.subscribed.has(`${topic} ${key}`);
  }
  // A single instance: what it knows of subscribers is all there is, and fanned-out payloads come straight back.
  mayHaveSubscribers(topic: string, key: string): boolean {
    return this.hasSubscribers(topic, key);
  }
  fanOut<T>(_name: string, deliver: (payload: T) => void): (payload: T) => void {
    return deliver;
  }
}

const value = (uuid: string, v: number): NodeValue => ({
  uuid,
  outputSimple: { v },
  status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
  connection: true,
  lastReceiveDate: null,
  lastValidDate: null,
});

/** User Setup's tags by user id; items i1 and n1 carry `north`, i2 `south`. */
const tagged = new Map<string, string[]>();
const audience: PushAudience = {
  tagSources: () => [{ tagsOf: async (_appId, userId) => tagged.get(userId) ?? [], taggedUsers: async () => tagged }],
  visibleItems: async (appId, tags) =>
    [
      { uuid: 'i1', tag: 'north' },
      { uuid: 'i2', tag: 'south' },
    ]
      .filter((item) => tags.includes(item.tag))
      .map((item) => ({ uuid: item.uuid, appId, itemName: item.uuid })),
};

describe('LivePush', () => {
  let hub: FakeHub;
  let live: LivePush;
  const owner: ApplicationOwner = { endCustomerId: 'end-a', organisationId: 'org-a' };

  beforeEach(() => {
    vi.useFakeTimers();
    tagged.clear();
    hub = new FakeHub();
    live = new LivePush(hub, { ownerOf: async (appId) => (appId === 'missing' ? null : owner) }, audience, 250);
  });
  afterEach(() => {
    live.close();
    vi.useRealTimers();
  });

  it('merges changes within 250 ms into one message with the latest state per item, at most 4 per second', async () => {
    live.itemChanged('app-a', value('i1', 1));
    live.itemChanged('app-a', value('i2', 1));
    live.itemChanged('app-a', value('i1', 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.sent).toHaveLength(1);
    expect(hub.sent[0]?.key).toBe('app-a');
    expect(hub.sent[0]?.message).toEqual({
      topic: 'node-values',
      data: { appId: 'app-a', items: [value('i1', 2), value('i2', 1)] },
    });

    for (let i = 3; i < 40; i++) {
      live.itemChanged('app-a', value('i1', i));
      await vi.advanceTimersByTimeAsync(25);
    }
    await vi.advanceTimersByTimeAsync(300);
    // ~1 s of changes every 25 ms: at most one message per 250 ms.
    expect(hub.sent.length).toBeLessThanOrEqual(1 + 5);
    expect(hub.sent.at(-1)?.message.data).toMatchObject({ items: [value('i1', 39)] });
  });

  it('sends only to users who can see the application, and nothing without subscribers or application', async () => {
    live.itemChanged('app-a', value('i1', 1));
    live.itemChanged('app-b', value('i9', 1)); // nobody subscribed
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.sent.map((s) => s.recipients)).toEqual([['cloud', 'org-a']]);
    hub.subscribed.add('node-values missing');
    live.itemChanged('missing', value('i1', 1));
    await vi.advanceTimersByTimeAsync(300);
    expect(hub.sent).toHaveLength(1);
  });

  it('announces event changes as system-event-update to users who can see the application', async () => {
    live.eventsChanged('app-b');
    live.eventsChanged('app-b');
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.sent).toEqual([
      { message: { topic: 'system-event-update', data: { appId: 'app-b' } }, recipients: ['cloud', 'org-a'] },
    ]);
  });

  it('gives a user limited to device tags only the items its limit lets through, with limits at most 5 s old', async () => {
    const endCustomer = (id: string) => ({ id, level: 'end-customer', organisationId: null, endCustomerId: 'end-a' });
    hub.users.push(endCustomer('ec-north'), endCustomer('ec-other'), endCustomer('ec-free'));
    tagged.set('ec-north', ['north']);
    tagged.set('ec-other', ['east']);
    // Tags of a system integrator change nothing: it owns the application.
    tagged.set('org-a', ['east']);
    const sent = () =>
      hub.sent.map((entry) => ({
        recipients: entry.recipients,
        items: (entry.message.data as NodeValuesMessage).items.map((item) => item.uuid),
      }));

    live.itemChanged('app-a', value('i1', 1));
    live.itemChanged('app-a', value('i2', 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([
      { recipients: ['cloud', 'org-a', 'ec-free'], items: ['i1', 'i2'] },
      { recipients: ['ec-north'], items: ['i1'] },
    ]);

    tagged.set('ec-north', ['south']);
    await vi.advanceTimersByTimeAsync(TAG_LIMIT_CACHE_MS);
    hub.sent.length = 0;
    live.itemChanged('app-a', value('i1', 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([{ recipients: ['cloud', 'org-a', 'ec-free'], items: ['i1'] }]);
  });
});
