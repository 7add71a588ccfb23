import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { ApplicationRetention } from '../../common';
import { RetentionStore } from './store';

const UUID = '00000000-0000-4000-8000-000000000001';

/** The retention calls of `plant` as the server answers them; its item's fields start with none of their own. */
function server() {
  let application: ApplicationRetention = { rawDays: null, historyDays: null };
  const fields: Record<string, number | null> = {};
  const item = () => ({ application, fields: { ...fields } });
  return fakeApi({
    'GET application/:appId/retention': ({ params }) => (params.appId === 'plant' ? application : apiError(404, 'Not found')),
    'PUT application/:appId/retention': ({ body }) => {
      const given = body as ApplicationRetention;
      if (given.rawDays === 0) return apiError(400, 'Enter a whole number of days', { rawDays: 'Enter a whole number of days' });
      return (application = given);
    },
    'GET node-structure-item/:appId/items/:uuid/retention': item,
    'PUT node-structure-item/:appId/items/:uuid/retention': ({ body }) => {
      const { field, historyDays } = body as { field: string; historyDays: number | null };
      fields[field] = historyDays;
      return item();
    },
    'DELETE node-structure-item/:appId/items/:uuid/retention/:field': ({ params }) => {
      delete fields[params.field!];
      return item();
    },
  });
}

describe('RetentionStore', () => {
  it('loads and saves an application’s retention, keeping a refused one’s message by field', async () => {
    const { http, calls } = server();
    const store = RetentionStore.create({}, { http });
    await store.openApplication('plant');
    expect(store).toMatchObject({ loaded: true, rawDays: null, historyDays: null });
    expect((await store.saveApplication({ rawDays: 30, historyDays: 365 })).ok).toBe(true);
    expect(store).toMatchObject({ rawDays: 30, historyDays: 365 });
    expect(calls).toContain('PUT application/plant/retention');

    expect((await store.saveApplication({ rawDays: 0, historyDays: 365 })).ok).toBe(false);
    expect(store.saving.fieldError('rawDays')).toBe('Enter a whole number of days');
    expect(store.rawDays).toBe(30);
  });

  it('says so when an application’s retention cannot be loaded', async () => {
    const { http } = server();
    const store = RetentionStore.create({}, { http });
    await store.openApplication('elsewhere');
    expect(store.loaded).toBe(false);
    expect(store.loading.failed).toBe(true);
  });

  it('gives a field its own days or forever, and back to the application’s', async () => {
    const { http, calls } = server();
    const store = RetentionStore.create({}, { http });
    await store.openItem('plant', UUID);
    expect(store.itemLoaded).toBe(true);
    expect([...store.fields.keys()]).toEqual([]);
    await store.saveField('plant', UUID, 'temperature', 7);
    await store.saveField('plant', UUID, 'humidity', null);
    expect(Object.fromEntries(store.fields)).toEqual({ temperature: 7, humidity: null });
    await store.saveField('plant', UUID, 'temperature', undefined);
    expect(Object.fromEntries(store.fields)).toEqual({ humidity: null });
    expect(calls).toContain(`DELETE node-structure-item/plant/items/${UUID}/retention/temperature`);
  });
});
