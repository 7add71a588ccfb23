import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { CostManagementItem } from '../common';
import { CostManagementStore } from './store';

/** The plugin's API as the store sees it: an in-memory list behind the same paths, answering like the server. */
function fakeApi(initial: string[] = []) {
  const items: CostManagementItem[] = initial.map((name, index) => ({
    id: String(index + 1),
    name,
    createdAt: new Date(0).toISOString(),
  }));
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method === 'GET') return Response.json(items);
    const { name } = (await request.json()) as { name: string };
    if (!name) {
      return Response.json({ statusCode: 400, code: 'validation.isNotEmpty', field: 'name' }, { status: 400 });
    }
    const item = { id: String(items.length + 1), name, createdAt: new Date().toISOString() };
    items.push(item);
    return Response.json(item);
  };
  return { items, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

describe('CostManagementStore', () => {
  it('loads the items the server lists', async () => {
    const api = fakeApi(['First', 'Second']);
    const store = CostManagementStore.create({}, { http: api.http });
    await store.load();
    expect(store.items.map((item) => item.name)).toEqual(['First', 'Second']);
  });

  it('adds an item with the server’s answer, after the ones it had', async () => {
    const api = fakeApi(['First']);
    const store = CostManagementStore.create({}, { http: api.http });
    await store.load();
    const added = await store.add('Second');
    expect(added).toMatchObject({ id: '2', name: 'Second' });
    expect(store.items.map((item) => item.name)).toEqual(['First', 'Second']);
    expect(api.items).toHaveLength(2);
  });

  it('keeps the server’s message when the list cannot be loaded, and is no longer loading', async () => {
    const http = ky.create({
      prefixUrl: 'http://console.test/api',
      retry: 0,
      fetch: async () => Response.json({ statusCode: 503, message: 'The server is starting.' }, { status: 503 }),
    });
    const store = CostManagementStore.create({}, { http });
    await store.load();
    expect(store.loading.pending).toBe(false);
    expect(store.loading.failure?.message).toBe('The server is starting.');
    expect(store.items).toHaveLength(0);
  });

  it('keeps the list as it was when the server refuses an item', async () => {
    const api = fakeApi(['First']);
    const store = CostManagementStore.create({}, { http: api.http });
    await store.load();
    await expect(store.add('')).rejects.toThrow();
    expect(store.items.map((item) => item.name)).toEqual(['First']);
  });
});
