import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import { MAILBOX_PAGE_SIZE, MAILBOX_STATUSES, type MailboxMessage } from '../common';
import { mailboxApi } from './api';

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

/** Diagnosis > Mailbox: one page of the outbox, newest first, and the message being read. */
export const MailboxStore = types
  .model('MailboxStore', {
    offset: 0,
    total: 0,
    messages: types.array(MailboxMessageModel),
    selectedId: types.maybeNull(types.string),
    loading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0 }))
  .views((self) => ({
    /** The message being read, while it is on the page shown. */
    get selected() {
      return self.messages.find((message) => message.id === self.selectedId) ?? null;
    },
  }))
  .actions((self) => ({
    setOffset(offset: number) {
      self.offset = offset;
    },
    setPage(total: number, messages: MailboxMessage[]) {
      self.total = total;
      self.messages = cast(messages);
    },
    select(id: string | null) {
      self.selectedId = id;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
  }))
  .actions((self) => {
    /** A failed load keeps the messages shown and leaves `loading.failed` for the page's notice. */
    async function load(): Promise<void> {
      const ticket = self.nextLoad();
      const query = { offset: self.offset, limit: MAILBOX_PAGE_SIZE };
      const outcome = await track(self.loading, () => mailboxApi(self).page(query));
      if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value.total, outcome.value.messages);
    }
    return {
      load,
      /** The page as a visit starts it: the newest messages. */
      open(): Promise<void> {
        self.setOffset(0);
        return load();
      },
      goTo(offset: number): Promise<void> {
        self.setOffset(offset);
        return load();
      },
    };
  });

export type MailboxStoreInstance = Instance<typeof MailboxStore>;
