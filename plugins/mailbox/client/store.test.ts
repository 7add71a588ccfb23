import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../core/client/testing/fake-api';
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

describe('MailboxStore', () => {
  it('reads a page of the outbox, newest first, and the text of the message selected', async () => {
    const messages = Array.from({ length: 25 }, (_, index) => message(25 - index));
    const { http, calls } = fakeApi({
      'GET mailbox': ({ query }) => {
        const offset = Number(query.get('offset'));
        return { total: messages.length, messages: messages.slice(offset, offset + Number(query.get('limit'))) };
      },
    });
    const store = MailboxStore.create({}, { http });
    await store.open();
    expect(calls).toEqual(['GET mailbox?offset=0&limit=20']);
    expect(store.total).toBe(25);
    expect(store.rows.map((entry) => entry.id).slice(0, 2)).toEqual(['m25', 'm24']);
    store.select('m24');
    expect(store.selected?.text).toBe('Your code is 24.');
  });
});
