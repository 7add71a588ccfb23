import { usePluginStore } from '@sensorium/core/client';
import type { MailboxStore, MailboxStoreInstance } from './store';

export const MAILBOX_STORE = 'mailbox';

/** The mailbox store. Read it inside an observer() component. */
export function useMailbox(): MailboxStoreInstance {
  return usePluginStore<typeof MailboxStore>(MAILBOX_STORE);
}
