import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { Gateway } from '../common';
import { GatewaysStore } from './store';

const gateway = (index: number): Gateway => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Gateway ${String(index).padStart(2, '0')}`,
  description: '',
  type: 'chirpstack',
  gatewayId: `AA555AFFFE0000${String(index).padStart(2, '0')}`,
  remark: '',
  latest_package_update: null,
  status: 'never-seen',
  synced: false,
  organisationId: null,
});

/** The §7.1 calls as the store sees them, over an in-memory list. */
function fakeApi(count: number) {
  const items = Array.from({ length: count }, (_, index) => gateway(index + 1));
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path.endsWith('getAllGateway/')) return Response.json(items);
    const body = (await request.json()) as { id: string; name: string };
    if (path.endsWith('deleteGatewayByid')) {
      items.splice(
        items.findIndex((item) => item.id === body.id),
        1,
      );
      return Response.json({ success: true });
    }
    if (path.endsWith('updateGateway/') && !body.name) {
      return Response.json({ statusCode: 400, field: 'name', message: 'Name is required.' }, { status: 400 });
    }
    return Response.json({});
  };
  return { items, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

describe('GatewaysStore', () => {
  it('shows pages of 10 and steps back when a delete empties the last page', async () => {
    const api = fakeApi(11);
    const store = GatewaysStore.create({}, { http: api.http });
    await store.load();
    expect(store.page).toHaveLength(10);
    store.goTo(10);
    expect(store.page.map((item) => item.name)).toEqual(['Gateway 11']);
    await store.remove(api.items[10]!.id);
    expect(store.offset).toBe(0);
    expect(store.page).toHaveLength(10);
  });

  it('keeps the server’s message for the field it refused', async () => {
    const store = GatewaysStore.create({}, { http: fakeApi(0).http });
    const outcome = await store.save({
      name: '',
      description: '',
      type: 'chirpstack',
      gatewayId: 'AA555AFFFE012345',
      remark: '',
    });
    expect(outcome.ok).toBe(false);
    expect(store.saving.fieldError('name')).toBe('Name is required.');
  });
});
