import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { EventHistoryEntry, EventRecord } from '../common/event-record';
import { EventViewStore, RELOAD_DELAY_MS } from './store';

const event = (index: number, patch: Partial<EventRecord> = {}): EventRecord => ({
  id: `e${index}`,
  appId: 'plant',
  itemUuid: `u${index}`,
  itemName: `meter-${index}`,
  field: 'power',
  rangeIndex: 0,
  rangeName: 'hot',
  ruleId: null,
  severity: index % 5,
  description: `meter-${index} power: hot`,
  eventType: 'Hot',
  generatedDateTime: new Date(Date.UTC(2026, 10, 20, 8, 60 - index)).toISOString(),
  location: '',
  additionalInfo: '',
  equipmentName: '',
  node: { itemDisplayName: `Meter ${index}`, itemName: `meter-${index}`, value: '75', unit: 'kW' },
  value: '75',
  unit: 'kW',
  rangeStatus: 'hot',
  resumeStatus: null,
  eventStatus: 'created',
  isAcknowledged: false,
  acknowledgedBy: null,
  acknowledgedDateTime: null,
  isCleared: false,
  clearedBy: null,
  clearedDateTime: null,
  actions: { notification: { kept: 'on the server' } },
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...patch,
});

/** The Event View's API over 25 events of `plant` (the last one cleared); other applications answer 404. */
function server() {
  const events = Array.from({ length: 25 }, (_, index) =>
    event(index, index === 24 ? { isCleared: true, eventStatus: 'cleared' } : {}),
  );
  const history: EventHistoryEntry[] = [];
  const acted: { action: string; ids: string[]; comment?: string }[] = [];
  const api = fakeApi({
    'GET system-events-api/plant/events': ({ query }) => {
      const severity = query.get('severity');
      const matching = severity === null ? events : events.filter((entry) => entry.severity === Number(severity));
      const size = Number(query.get('size'));
      const page = Number(query.get('page'));
      return { total: matching.length, rows: matching.slice(page * size, (page + 1) * size) };
    },
    'GET system-events-api/plant/events/:id': ({ params }) => {
      const found = events.find((entry) => entry.id === params.id);
      return found ? { event: found, history: history.filter((entry) => entry.eventId === found.id) } : apiError(404, 'x');
    },
    'POST system-events-api/plant/events/:action': ({ params, body }) => {
      const { ids, comment } = body as { ids: string[]; comment?: string };
      acted.push({ action: params.action!, ids, comment });
      const changed = events.filter((entry) => ids.includes(entry.id));
      for (const entry of changed) {
        Object.assign(entry, { isAcknowledged: true, eventStatus: 'acked', acknowledgedBy: 'admin' });
        history.push({
          id: String(history.length + 1),
          eventId: entry.id,
          at: '2026-11-20T10:00:00.000Z',
          kind: 'acknowledged',
          actor: { kind: 'user', id: 'u1', label: 'admin' },
          comment: comment ?? null,
          detail: {},
        });
      }
      return { events: changed };
    },
  });
  return { ...api, events, acted };
}

describe('EventViewStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens an application at its first page of 10 events, typed, without the actions snapshot', async () => {
    const { http, calls } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    expect(calls).toEqual(['GET system-events-api/plant/events?page=0&size=10']);
    expect(store.total).toBe(25);
    expect(store.rows.map((row) => row.id)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9']);
    expect(store.rows[1]).toMatchObject({ severity: 1, node: { itemDisplayName: 'Meter 1' }, eventStatus: 'created' });
    expect('actions' in store.rows[0]!).toBe(false);
  });

  it('filters from the first page once typing pauses, and pages and sizes the list', async () => {
    const { http, calls } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    await store.goTo(20);
    expect(store.page).toBe(2);
    expect(store.rows.map((row) => row.id)).toEqual(['e20', 'e21', 'e22', 'e23', 'e24']);
    store.setFilters({ device: 'met' });
    store.setFilters({ device: 'meter', severity: 4 });
    expect(store.page).toBe(0);
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(calls.at(-1)).toBe('GET system-events-api/plant/events?severity=4&device=meter&page=0&size=10');
    expect(calls).toHaveLength(3);
    expect(store.rows.map((row) => row.id)).toEqual(['e4', 'e9', 'e14', 'e19', 'e24']);
    expect(store.filtered).toBe(true);
    await store.resetFilters();
    await store.setSize(50);
    expect(calls.at(-1)).toBe('GET system-events-api/plant/events?page=0&size=50');
    expect(store.rows).toHaveLength(25);
  });

  it('selects the open events of the page only, and keeps a selection that is still shown', async () => {
    const { http } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    await store.goTo(20);
    store.toggle('e24');
    expect(store.selectedIds).toEqual([]);
    store.toggleAll();
    expect(store.selectedIds.slice()).toEqual(['e20', 'e21', 'e22', 'e23']);
    expect(store.allSelected).toBe(true);
    store.toggle('e21');
    expect(store.allSelected).toBe(false);
    await store.load();
    expect(store.selectedIds.slice()).toEqual(['e20', 'e22', 'e23']);
    await store.goTo(0);
    expect(store.selectedIds).toEqual([]);
  });

  it('acknowledges the selected events with a comment, then shows them and the open details afresh', async () => {
    const { http, acted, calls } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    store.toggle('e1');
    store.toggle('e2');
    await store.showDetail('e1');
    expect(store.detail.event?.isAcknowledged).toBe(false);
    const outcome = await store.act('ack', '  On my way ');
    expect(outcome).toEqual({ ok: true, value: 2 });
    expect(acted).toEqual([{ action: 'ack', ids: ['e1', 'e2'], comment: 'On my way' }]);
    expect(calls.filter((call) => call.startsWith('GET system-events-api/plant/events?'))).toHaveLength(2);
    expect(store.selectedIds).toEqual([]);
    expect(store.rows[1]).toMatchObject({ eventStatus: 'acked', acknowledgedBy: 'admin' });
    expect(store.detail.event).toMatchObject({ id: 'e1', isAcknowledged: true });
    expect(store.detail.history.map((entry) => [entry.kind, entry.actor.label, entry.comment])).toEqual([
      ['acknowledged', 'admin', 'On my way'],
    ]);
  });

  it('reads the page again once a burst of pushes for its application pauses, ignoring other applications', async () => {
    const { http, calls, events } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    events.unshift(event(99, { severity: 4 }));
    store.changed('office');
    store.changed('plant');
    store.changed('plant');
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(calls).toHaveLength(2);
    expect(store.total).toBe(26);
    expect(store.rows[0]?.id).toBe('e99');
  });

  it('starts afresh for another application, and marks one it may not see as not found', async () => {
    const { http } = server();
    const store = EventViewStore.create({}, { http });
    await store.open('plant');
    store.setFilters({ q: 'hot' });
    store.toggle('e0');
    await store.open('elsewhere');
    expect(store.filters.q).toBe('');
    expect(store.rows).toHaveLength(0);
    expect(store.selectedIds).toEqual([]);
    expect(store.notFound).toBe(true);
  });
});
