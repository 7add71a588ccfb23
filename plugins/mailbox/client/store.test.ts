import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import type { MailboxMessage } from '../common';
import { MailboxStore } from './store';

const message = (index: number): MailboxMessage => ({
  id: `m${index}`,
  to: `user${index}@example.com`,
  subject: `Code ${index}`,
  status: 'kept',
  attempts: 0,
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  sentAt: null,
  text: `Your code is ${index}.`,
  html: null,
});

/** GET mailbox over 25 kept messages, newest first; `fail()` makes the next calls fail. */
function server() {
  const messages = Array.from({ length: 25 }, (_, index) => message(25 - index));
  let failing = false;
  const api = fakeApi({
    'GET mailbox': ({ query }) => {
      if (failing) return apiError(500, 'Failed');
      const offset = Number(query.get('offset'));
      return { total: messages.length, messages: messages.slice(offset, offset + Number(query.get('limit'))) };
    },
  });
  return { ...api, fail: () => (failing = true) };
}

describe('MailboxStore', () => {
  it('opens at the newest 20 messages and pages on', async () => {
    const { http, calls } = server();
    const store = MailboxStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET mailbox?offset=0&limit=20']);
    expect(store.total).toBe(25);
    expect(store.messages.map((entry) => entry.id).slice(0, 2)).toEqual(['m25', 'm24']);
    await store.goTo(20);
    expect(store.messages.map((entry) => entry.id)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('selects a message to read while it is on the page shown', async () => {
    const { http } = server();
    const store = MailboxStore.create({}, { http });
    await store.open();
    store.select('m24');
    expect(store.selected?.text).toBe('Your code is 24.');
    await store.goTo(20);
    expect(store.selected).toBeNull();
  });

  it('keeps the messages shown when a reload fails, and says so until one succeeds', async () => {
    const { http, fail } = server();
    const store = MailboxStore.create({}, { http });
    await store.open();
    fail();
    await store.load();
    expect(store.loading.failed).toBe(true);
    expect(store.messages).toHaveLength(20);
  });
});
