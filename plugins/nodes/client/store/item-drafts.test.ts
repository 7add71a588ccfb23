import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { ITEM_SETTINGS, sameValue, settingsChangedSince, type ItemSettingsBase } from '../../common/edit-base';
import {
  defaultFieldPreference,
  defaultFirstRange,
  defaultNotificationSetting,
  nextRange,
  normalizeFieldPreference,
} from '../../common/field-preference';
import type { Item } from '../../common/types';
import { plainPreference } from './item-model';
import { NodesStore } from './nodes-store';
import { testItem } from './test-data';

const CONFLICT = 'Someone else changed this after you started editing it, so your change was not saved.';

/**
 * A server holding one item: PATCH applies a change as the API does, refusing it (409) when a setting it is based on
 * was changed since. `elsewhere` changes the stored item as another console would.
 */
function server(stored: Item) {
  let item = stored;
  const patches: Record<string, unknown>[] = [];
  const api = fakeApi({
    'GET node-structure-item/:appId/items/:uuid': () => item,
    'GET node-structure-item/:appId/items/:uuid/commands': () => ({ commands: [] }),
    'PATCH node-structure-item/:appId/items/:uuid': ({ body }) => {
      const { basedOn, ...change } = body as { basedOn?: ItemSettingsBase } & Record<string, unknown>;
      patches.push(body as Record<string, unknown>);
      if (basedOn && settingsChangedSince(item, basedOn).length > 0) return apiError(409, CONFLICT);
      item = {
        ...item,
        dataSource: {
          ...item.dataSource,
          connectionTimeoutSec: (change.connectionTimeoutSec as number) ?? item.dataSource.connectionTimeoutSec,
        },
        geoInfo: { ...item.geoInfo, tags: (change.tags as string[]) ?? item.geoInfo.tags },
      };
      return item;
    },
  });
  return {
    api,
    patches,
    elsewhere: (change: (current: Item) => Item) => {
      item = change(item);
    },
  };
}

const push = (values: Partial<Item>) => ({
  appId: 'a1',
  items: [
    {
      uuid: 'u-sensor1',
      outputSimple: { temperature: 21.5 },
      status: { severity: 1, eventSeverity: 0, fieldStatus: {} },
      connection: true,
      lastReceiveDate: '2026-01-02T00:00:00.000Z',
      lastValidDate: '2026-01-02T00:00:00.000Z',
      ...values,
    },
  ],
});

async function opened(item = testItem({ geoInfo: { tags: ['east'], site: { address: '1 Quay' } } })) {
  const backend = server(item);
  const store = NodesStore.create({}, { http: backend.api.http });
  store.item.reset('a1');
  await store.select('u-sensor1');
  return { store, backend };
}

describe('the Basic tab drafts of the selected item (issue 12 item 8)', () => {
  it('keep what was typed while live values arrive and the item is reloaded; the values still update', async () => {
    const { store } = await opened();
    store.item.edit('connectionTimeoutSec', 600);
    store.item.edit('tags', (tags) => [...tags, 'north']);
    store.item.edit('siteAddress', '2 Pier');
    store.item.edit('itemDisplayName', 'Boiler');

    // Every few seconds a device sends values, and a save elsewhere in the console reloads the item.
    store.applyPush(push({}));
    store.applyPush(push({ outputSimple: { temperature: 22 } }));
    await store.item.reload();
    store.applyPush(push({ outputSimple: { temperature: 22.5 } }));

    expect(store.item.shown('connectionTimeoutSec')).toBe(600);
    expect(store.item.shown('tags')).toEqual(['east', 'north']);
    expect(store.item.shown('siteAddress')).toBe('2 Pier');
    expect(store.item.shown('itemDisplayName')).toBe('Boiler');
    // Incoming values update the read-only parts.
    expect(store.item.detail?.outputSimple.get('temperature')).toBe(22.5);
    expect(store.item.detail?.connection).toBe(true);
    expect(store.item.detail?.lastReceiveDate).toBe('2026-01-02T00:00:00.000Z');
  });

  it('saves a draft with the value it started from, then shows the saved value again', async () => {
    const { store, backend } = await opened();
    store.applyPush(push({}));
    store.item.edit('connectionTimeoutSec', 600);
    const outcome = await store.item.saveDraft('connectionTimeoutSec');
    expect(outcome.ok).toBe(true);
    expect(backend.patches).toEqual([{ connectionTimeoutSec: 600, basedOn: { connectionTimeoutSec: null } }]);
    expect(store.item.editing('connectionTimeoutSec')).toBe(false);
    expect(store.item.shown('connectionTimeoutSec')).toBe(600);
  });

  it('says so when someone else changed the setting meanwhile, keeps the draft, and replaces their change on the next save', async () => {
    const { store, backend } = await opened();
    store.item.edit('tags', ['east', 'north']);
    backend.elsewhere((item) => ({ ...item, geoInfo: { ...item.geoInfo, tags: ['south'] } }));

    const refused = await store.item.saveDraft('tags');
    expect(refused.ok || refused.failure).toMatchObject({ status: 409, message: CONFLICT });
    expect(store.item.shown('tags')).toEqual(['east', 'north']);
    expect(ITEM_SETTINGS.tags(store.item.detail as unknown as Item)).toEqual(['south']);

    const replaced = await store.item.saveDraft('tags');
    expect(replaced.ok).toBe(true);
    expect(backend.patches.at(-1)).toEqual({ tags: ['east', 'north'], basedOn: { tags: ['south'] } });
    expect(store.item.shown('tags')).toEqual(['east', 'north']);
  });

  it('drops the drafts when another item is selected (spec 2.2)', async () => {
    const { store } = await opened();
    store.item.edit('siteAddress', '2 Pier');
    await store.select(null);
    expect(store.item.drafts).toEqual({});
  });
});

describe('the Field Settings draft base', () => {
  it('compares equal on the server to the preference it was loaded from', async () => {
    const first = { ...defaultFirstRange(), notificationSetting: defaultNotificationSetting() };
    const stored = {
      ...defaultFieldPreference('battery'),
      unit: '%',
      rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: 5 }, ranges: [first, nextRange([first])!] },
    };
    const { store } = await opened(testItem({ input: { battery: stored } }));
    const base = plainPreference(store.item.detail!.input.get('battery')!);
    expect(sameValue(normalizeFieldPreference('battery', base), normalizeFieldPreference('battery', stored))).toBe(true);
  });
});
