import { usePluginStore } from '@sensorium/core/client';
import type { ContactsStore, ContactsStoreInstance } from './store';

export const CONTACTS_STORE = 'notifications.contacts';

/** The Notification Client page's store. Read it inside an observer() component. */
export function useContacts(): ContactsStoreInstance {
  return usePluginStore<typeof ContactsStore>(CONTACTS_STORE);
}
