import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeRoute } from '../../../../core/client/testing/fake-api';
import type { Item } from '../../common/types';
import { ItemStore } from './item-store';
import { plainPreference } from './item-model';
import { testItem } from './test-data';

const ITEM = 'GET node-structure-item/:appId/items/:uuid';
const PATCH = 'PATCH node-structure-item/:appId/items/:uuid';

/** A server holding items by uuid: GET answers them, PATCH changes them. */
function server(items: Item[], routes: Record<string, FakeRoute> = {}) {
  const byUuid = new Map(items.map((item) => [item.uuid, item]));
  return fakeApi({
    [ITEM]: ({ params }) => byUuid.get(params.uuid!) ?? apiError(404, 'Not found'),
    [`${ITEM}/commands`]: () => ({
      commands: [
        { id: '', display: 'No command selected' },
        { id: 'reboot', display: 'Reboot' },
      ],
    }),
    [PATCH]: ({ params, body }) => {
      const item = byUuid.get(params.uuid!)!;
      const patch = body as { enable?: boolean; itemDisplayName?: string };
      const next = { ...item, ...patch };
      byUuid.set(item.uuid, next);
      return next;
    },
    ...routes,
  });
}

describe('ItemStore', () => {
  it('loads the selected item with complete field preferences and its real commands', async () => {
    const stored = testItem({ input: { door: { signal: 'digital', displayName: 'Door' } as never } });
    const api = server([stored]);
    const store = ItemStore.create({ appId: 'a1' }, { http: api.http });
    await store.select('u-sensor1');
    const door = store.detail?.input.get('door');
    expect(door?.signal).toBe('digital');
    expect(door?.filter.min).toBe(-100000);
    expect(door?.rangeSettings.ranges).toHaveLength(0);
    expect(store.commands.map((command) => command.id)).toEqual(['reboot']);
    expect(api.calls).toContain('GET node-structure-item/a1/items/u-sensor1');
  });

  it('keeps a failed load in its request state', async () => {
    const store = ItemStore.create({ appId: 'a1' }, { http: server([]).http });
    await store.select('u-missing');
    expect(store.detail).toBeNull();
    expect(store.loading.failure?.status).toBe(404);
  });

  it('drops the answer for an item that is no longer selected', async () => {
    const api = server([testItem(), testItem({ uuid: 'u-sensor2', itemName: 'sensor2' })]);
    const store = ItemStore.create({ appId: 'a1' }, { http: api.http });
    const first = store.select('u-sensor1');
    const second = store.select('u-sensor2');
    await Promise.all([first, second]);
    expect(store.detail?.itemName).toBe('sensor2');
  });

  it('flips Enable at once and back when the save fails', async () => {
    const api = server([testItem()], { [PATCH]: () => apiError(403, 'You may not.') });
    const store = ItemStore.create({ appId: 'a1' }, { http: api.http });
    await store.select('u-sensor1');
    const saving = store.toggle('enable');
    expect(store.detail?.enable).toBe(false);
    const outcome = await saving;
    expect(outcome.ok).toBe(false);
    expect(store.detail?.enable).toBe(true);
    expect(store.saving.failure?.message).toBe('You may not.');
  });

  it('takes the server’s answer to an edit', async () => {
    const store = ItemStore.create({ appId: 'a1' }, { http: server([testItem()]).http });
    await store.select('u-sensor1');
    expect((await store.patch({ itemDisplayName: 'Lobby' })).ok).toBe(true);
    expect(store.detail?.itemDisplayName).toBe('Lobby');
    expect((await store.toggle('enable')).ok).toBe(true);
    expect(store.detail?.enable).toBe(false);
  });

  it('stores a field preference and reloads the item', async () => {
    let saved: unknown = null;
    const api = server([testItem()], {
      [`PUT node-structure-item/:appId/items/:uuid/field-preference`]: ({ body }) => {
        saved = body;
        return undefined;
      },
    });
    const store = ItemStore.create({ appId: 'a1' }, { http: api.http });
    await store.select('u-sensor1');
    const preference = { ...plainPreference(store.detail!.input.get('temperature')!), seq: 7 };
    expect((await store.savePreference('temperature', preference)).ok).toBe(true);
    expect(saved).toMatchObject({ targetField: 'temperature', preference: { seq: 7 } });
    expect(api.calls.filter((call) => call === 'GET node-structure-item/a1/items/u-sensor1')).toHaveLength(2);
  });

  it('applies the live values of a push naming the item', async () => {
    const store = ItemStore.create({ appId: 'a1' }, { http: server([testItem()]).http });
    await store.select('u-sensor1');
    store.applyPush({
      appId: 'a1',
      items: [
        {
          uuid: 'u-sensor1',
          outputSimple: { temperature: 21.5 },
          status: { severity: 1, eventSeverity: 0, fieldStatus: { temperature: { status: 'range1', color: 'green' } } },
          connection: true,
          lastReceiveDate: '2026-01-02T00:00:00.000Z',
          lastValidDate: '2026-01-02T00:00:00.000Z',
        },
      ],
    });
    expect(store.detail?.outputSimple.get('temperature')).toBe(21.5);
    expect(store.detail?.status.fieldStatus.get('temperature')?.status).toBe('range1');
    expect(store.detail?.connection).toBe(true);
  });

  it('sends commands and outputs with the item’s data source', async () => {
    let output: unknown = null;
    const api = server([testItem({ dataSource: { type: 'chirpstack' } })], {
      [`POST node-structure-item/:appId/items/:uuid/output`]: ({ body }) => {
        output = body;
        return undefined;
      },
      [`POST node-structure-item/:appId/items/:uuid/command`]: () => apiError(502, 'The device server refused.'),
    });
    const store = ItemStore.create({ appId: 'a1' }, { http: api.http });
    await store.select('u-sensor1');
    expect((await store.output('relay', 1)).ok).toBe(true);
    expect(output).toEqual({ targetField: 'relay', value: 1, dataSourceType: 'chirpstack' });
    const sent = await store.sendCommand('reboot');
    expect(sent.ok ? null : sent.failure.message).toBe('The device server refused.');
  });
});
