import { types, type Instance } from 'mobx-state-tree';
import { pagedListModel } from '@sensorium/core/client';
import { MAILBOX_PAGE_SIZE, MAILBOX_STATUSES, type MailboxPage } from '../common';

export const MailboxMessageModel = types.model('MailboxMessage', {
  id: types.string,
  to: types.string,
  subject: types.string,
  status: types.enumeration('MailboxStatus', [...MAILBOX_STATUSES]),
  attempts: types.number,
  lastError: types.maybeNull(types.string),
  createdAt: types.string,
  sentAt: types.maybeNull(types.string),
  text: types.string,
  html: types.maybeNull(types.string),
});

/** Diagnosis > Mailbox: one page of the outbox (GET /mailbox), newest first, and the message being read. */
export const MailboxStore = pagedListModel({
  name: 'MailboxStore',
  row: MailboxMessageModel,
  pageSize: MAILBOX_PAGE_SIZE,
  fetch: async (http, query) => {
    const page = await http.get('mailbox', { searchParams: { ...query } }).json<MailboxPage>();
    return { total: page.total, rows: page.messages };
  },
});

export type MailboxStoreInstance = Instance<typeof MailboxStore>;
