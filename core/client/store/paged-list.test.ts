import { types } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../testing/fake-api';
import { pagedListModel } from './paged-list';

const NoteModel = types.model('Note', { id: types.string, text: types.string });
const notes = Array.from({ length: 25 }, (_, index) => ({ id: `n${25 - index}`, text: `Note ${25 - index}` }));

/** GET notes over 25 notes, newest first; `fail()` makes the next calls fail, `holdNext()` keeps the next answer back. */
function server() {
  let failing = false;
  const gates: Promise<void>[] = [];
  const api = fakeApi({
    'GET notes': async ({ query }) => {
      const offset = Number(query.get('offset'));
      await gates.shift();
      if (failing) return apiError(500, 'Failed');
      return { total: notes.length, rows: notes.slice(offset, offset + Number(query.get('limit'))) };
    },
  });
  /** Returns the release of the held answer. */
  const holdNext = () => {
    let release = () => {};
    gates.push(new Promise((resolve) => (release = resolve)));
    return () => release();
  };
  return { ...api, fail: () => (failing = true), holdNext };
}

const NoteStore = pagedListModel({
  name: 'NoteStore',
  row: NoteModel,
  pageSize: 20,
  fetch: (http, query) => http.get('notes', { searchParams: { ...query } }).json(),
});

describe('pagedListModel', () => {
  it('opens at the newest page and pages on', async () => {
    const { http, calls } = server();
    const store = NoteStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET notes?offset=0&limit=20']);
    expect(store.total).toBe(25);
    expect(store.rows.map((note) => note.id).slice(0, 2)).toEqual(['n25', 'n24']);
    await store.goTo(20);
    expect(store.rows.map((note) => note.id)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    await store.open();
    expect(store.offset).toBe(0);
  });

  it('selects a row to read while it is on the page shown', async () => {
    const { http } = server();
    const store = NoteStore.create({}, { http });
    await store.open();
    store.select('n24');
    expect(store.selected?.text).toBe('Note 24');
    await store.goTo(20);
    expect(store.selected).toBeNull();
  });

  it('keeps the rows shown when a reload fails, and says so until one succeeds', async () => {
    const { http, fail } = server();
    const store = NoteStore.create({}, { http });
    await store.open();
    fail();
    await store.load();
    expect(store.loading.failed).toBe(true);
    expect(store.rows).toHaveLength(20);
  });

  it('drops the answer to an older load when a newer one came first', async () => {
    const { http, holdNext } = server();
    const store = NoteStore.create({}, { http });
    const release = holdNext();
    const first = store.open();
    await store.goTo(20);
    release();
    await first;
    expect(store.rows.map((note) => note.id)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
  });
});
