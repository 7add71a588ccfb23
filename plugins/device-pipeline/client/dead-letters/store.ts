import { types, type Instance } from 'mobx-state-tree';
import { pagedListModel, usePluginStore } from '@sensorium/core/client';
import { DEAD_LETTER_REASONS, type DeadLetterPage } from '../../common';

export const DEAD_LETTER_PAGE_SIZE = 20;
import { DEAD_LETTER_STORE } from './store-name';

export { DEAD_LETTER_STORE };

export const DeadLetterModel = types.model('DeadLetter', {
  id: types.string,
  createdAt: types.string,
  source: types.string,
  origin: types.string,
  reason: types.enumeration('DeadLetterReason', [...DEAD_LETTER_REASONS]),
  detail: types.string,
  payload: types.string,
  payloadBytes: types.number,
  appId: types.maybeNull(types.string),
  organisationId: types.maybeNull(types.string),
});

/** Diagnosis > Dead letters: one page of what devices sent that could not be stored (GET /dead-letters), newest first. */
export const DeadLetterStore = pagedListModel({
  name: 'DeadLetterStore',
  row: DeadLetterModel,
  pageSize: DEAD_LETTER_PAGE_SIZE,
  fetch: (http, query) => http.get('dead-letters', { searchParams: { ...query } }).json<DeadLetterPage>(),
});

export type DeadLetterStoreInstance = Instance<typeof DeadLetterStore>;

/** The dead-letter store. Read it inside an observer() component. */
export function useDeadLetters(): DeadLetterStoreInstance {
  return usePluginStore<typeof DeadLetterStore>(DEAD_LETTER_STORE);
}
