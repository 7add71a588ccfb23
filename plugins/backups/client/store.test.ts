import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { Backup } from '../common';
import { BackupsStore } from './store';

const backup = (index: number): Backup => ({
  folder: `2026010100000${String(index).padStart(4, '0')}-abcdef`,
  description: `Copy ${index}`,
  createDate: '2026-01-01T00:00:00.000Z',
  size: 100,
  status: 'ready',
});

/** The backup calls over an in-memory list per application, answering like the server. */
function server(initial: Backup[] = []) {
  const lists = new Map<string, Backup[]>([['plant', [...initial]]]);
  let resolveCreate: (() => void) | null = null;
  const api = fakeApi({
    'GET backup/:appId': ({ params }) => lists.get(params.appId!) ?? apiError(404, 'Not found'),
    'POST backup/:appId': async ({ params, body }) => {
      const { description } = body as { description: string };
      if (!description) return apiError(400, 'Description is required.', { description: 'Description is required.' });
      await new Promise<void>((resolve) => (resolveCreate = resolve));
      const created = { ...backup(99), description };
      lists.get(params.appId!)!.unshift(created);
      return Response.json(created, { status: 201 });
    },
    'DELETE backup/:appId/:folder': ({ params }) => {
      const list = lists.get(params.appId!)!;
      const index = list.findIndex((entry) => entry.folder === params.folder);
      if (index < 0) return apiError(404, 'Not found');
      list.splice(index, 1);
    },
    'POST backup/:appId/:folder/restore': ({ params, body }) => {
      const target = (body as { targetAppId?: string }).targetAppId;
      if (target === 'plant') return apiError(409, 'ID is taken. Try another.', { targetAppId: 'ID is taken. Try another.' });
      return { appId: target ?? params.appId };
    },
    'GET backup/download/:appId/:folder': () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200 }),
  });
  return { ...api, lists, finishCreate: () => resolveCreate?.() };
}

describe('BackupsStore', () => {
  it('opens an application’s backups and pages them at 10 rows', async () => {
    const { http } = server(Array.from({ length: 12 }, (_, index) => backup(index)));
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    expect(store.backups).toHaveLength(12);
    expect(store.pages).toBe(2);
    expect(store.shown.map((entry) => entry.description)).toHaveLength(10);
    store.setPage(1);
    expect(store.shown.map((entry) => entry.description)).toEqual(['Copy 10', 'Copy 11']);
    store.setPage(5);
    expect(store.currentPage).toBe(1);
  });

  it('shows an empty list when the backups cannot be read', async () => {
    const { http } = server([backup(1)]);
    const store = BackupsStore.create({}, { http });
    await store.open('elsewhere');
    expect(store.backups).toHaveLength(0);
    expect(store.loading.failure?.status).toBe(404);
  });

  it('creates a backup, following this application’s progress pushes, then lists it first', async () => {
    const { http, finishCreate } = server([backup(1)]);
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    store.setPage(0);
    const creating = store.create('Nightly');
    expect(store.creating.pending).toBe(true);
    expect(store.progress).toBeNull();
    store.onProgress({ appId: 'other', folder: 'x', percent: 50 });
    expect(store.progress).toBeNull();
    store.onProgress({ appId: 'plant', folder: 'x', percent: 45 });
    expect(store.progress).toBe(45);
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishCreate();
    const outcome = await creating;
    expect(outcome.ok).toBe(true);
    expect(store.creating.pending).toBe(false);
    expect(store.backups.map((entry) => entry.description)).toEqual(['Nightly', 'Copy 1']);
    store.onProgress({ appId: 'plant', folder: 'x', percent: 100 });
    expect(store.progress).toBe(45);
  });

  it('keeps the server’s message when a creation is refused', async () => {
    const { http } = server();
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    const outcome = await store.create('');
    expect(outcome.ok).toBe(false);
    expect(store.creating.failure?.message).toBe('Description is required.');
    expect(store.backups).toHaveLength(0);
  });

  it('deletes a backup and reloads the list, also when the deletion fails', async () => {
    const { http, calls } = server([backup(1), backup(2)]);
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    expect((await store.remove(backup(1).folder)).ok).toBe(true);
    expect(store.backups.map((entry) => entry.description)).toEqual(['Copy 2']);
    expect((await store.remove('missing')).ok).toBe(false);
    expect(calls.filter((call) => call === 'GET backup/plant')).toHaveLength(3);
  });

  it('restores into the same application or a new id, naming the field when the id is taken', async () => {
    const { http } = server([backup(1)]);
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    expect(await store.restore(backup(1).folder)).toEqual({ ok: true, value: { appId: 'plant' } });
    expect(await store.restore(backup(1).folder, 'plant_copy')).toEqual({ ok: true, value: { appId: 'plant_copy' } });
    const taken = await store.restore(backup(1).folder, 'plant');
    expect(taken.ok).toBe(false);
    expect(store.restoring.fieldError('targetAppId')).toBe('ID is taken. Try another.');
    store.clearRestoreFailure();
    expect(store.restoring.failed).toBe(false);
  });

  it('fetches a zip to download', async () => {
    const { http } = server([backup(1)]);
    const store = BackupsStore.create({}, { http });
    await store.open('plant');
    const outcome = await store.download(backup(1).folder);
    expect(outcome.ok && outcome.value.size).toBe(4);
  });

  it('does nothing before an application is open', async () => {
    const { http, calls } = server();
    const store = BackupsStore.create({}, { http });
    expect((await store.create('x')).ok).toBe(false);
    expect(calls).toEqual([]);
  });
});
