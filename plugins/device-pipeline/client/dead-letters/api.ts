import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { DeadLetterPage } from '../../common';

/** GET /api/dead-letters, for the dead-letter store. */
export function createDeadLetterApi(http: HttpClient) {
  return {
    page: (query: { offset: number; limit: number }) => http.get('dead-letters', { searchParams: query }).json<DeadLetterPage>(),
  };
}

export type DeadLetterApi = ReturnType<typeof createDeadLetterApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function deadLetterApi(node: object): DeadLetterApi {
  return createDeadLetterApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}
