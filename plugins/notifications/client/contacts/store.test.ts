import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { Contact } from '../../common';
import { EMPTY_CONTACT } from './contact-form';
import { ContactsStore, SEARCH_DEBOUNCE_MS } from './store';

const contact = (index: number, department = 'Ops'): Contact => ({
  ...EMPTY_CONTACT,
  id: `c${String(index).padStart(2, '0')}`,
  appId: 'plant',
  name: `Client ${String(index).padStart(2, '0')}`,
  department,
});

/** The contacts API over 12 clients of `plant`, searched by name like the server's keyword. */
function server() {
  const contacts = Array.from({ length: 12 }, (_, index) => contact(index + 1, index % 2 ? 'Security' : 'Ops'));
  return fakeApi({
    'GET application/plant': () => ({ name: 'Plant' }),
    'GET notifications/plant/contacts': ({ query }) => {
      const keyword = query.get('q') ?? '';
      const matching = contacts.filter((entry) => entry.name.toLowerCase().includes(keyword.toLowerCase()));
      const size = Number(query.get('size'));
      const offset = (Number(query.get('page')) - 1) * size;
      return { total: matching.length, contacts: matching.slice(offset, offset + size) };
    },
    'GET notifications/plant/contacts/departments': () => ({ departments: [...new Set(contacts.map((c) => c.department))] }),
    'POST notifications/plant/contacts': ({ body }) => {
      const input = body as Contact;
      if (contacts.some((entry) => entry.name === input.name)) {
        return apiError(400, 'That client is taken. Try another.', { name: 'That client is taken. Try another.' });
      }
      const created = { ...contact(contacts.length + 1), ...input };
      contacts.push(created);
      return created;
    },
    'DELETE notifications/plant/contacts/:id': ({ params }) => {
      contacts.splice(
        contacts.findIndex((entry) => entry.id === params.id),
        1,
      );
    },
  });
}

describe('ContactsStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens an application: its name, the first page of 10 and the departments', async () => {
    const { http, calls } = server();
    const store = ContactsStore.create({}, { http });
    await store.open('plant');
    expect(store.ready).toBe(true);
    expect(store.appName).toBe('Plant');
    expect(store.total).toBe(12);
    expect(store.contacts).toHaveLength(10);
    expect([...store.departments]).toEqual(['Ops', 'Security']);
    expect(calls[0]).toBe('GET application/plant');
    expect(calls).toContain('GET notifications/plant/contacts?q=&page=1&size=10');
  });

  it('reads only the departments for a form that sends to them', async () => {
    const { http, calls } = server();
    const store = ContactsStore.create({}, { http });
    await store.openDepartments('plant');
    expect([...store.departments]).toEqual(['Ops', 'Security']);
    expect(calls).toEqual(['GET notifications/plant/contacts/departments']);
  });

  it('goes to page 2 and searches from page 1 once typing pauses', async () => {
    const { http, calls } = server();
    const store = ContactsStore.create({}, { http });
    await store.open('plant');
    await store.goTo(10);
    expect(store.page).toBe(2);
    expect(store.contacts.map((entry) => entry.name)).toEqual(['Client 11', 'Client 12']);

    store.search('client 0');
    store.search('client 05');
    expect(store.page).toBe(1);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls.at(-1)).toBe('GET notifications/plant/contacts?q=client+05&page=1&size=10');
    expect(calls.filter((call) => call.includes('q=client+0&'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.contacts.map((entry) => entry.name)).toEqual(['Client 05']);
  });

  it('keeps the server’s message on the field of a refused save, and reloads after a change', async () => {
    const { http } = server();
    const store = ContactsStore.create({}, { http });
    await store.open('plant');
    const refused = await store.save(null, { name: 'Client 01' });
    expect(refused.ok).toBe(false);
    expect(store.saving.fieldError('name')).toBe('That client is taken. Try another.');

    const added = await store.save(null, { name: 'Aaron', department: 'Night' });
    expect(added.ok).toBe(true);
    expect(store.total).toBe(13);
    expect([...store.departments]).toContain('Night');

    expect((await store.remove('c01')).ok).toBe(true);
    expect(store.total).toBe(12);
  });

  it('drops the answer for an application left before it arrived', async () => {
    const { http } = server();
    const store = ContactsStore.create({}, { http });
    const first = store.open('plant');
    store.reset('other');
    await first;
    expect(store.contacts).toHaveLength(0);
    expect(store.appName).toBeNull();
  });
});
