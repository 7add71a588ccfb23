import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { MailboxPage } from '../common';

/** The mailbox plugin's one call, for its store. */
export function createMailboxApi(http: HttpClient) {
  return {
    page: (query: { offset: number; limit: number }) => http.get('mailbox', { searchParams: query }).json<MailboxPage>(),
  };
}

export type MailboxApi = ReturnType<typeof createMailboxApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function mailboxApi(node: object): MailboxApi {
  return createMailboxApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}
