import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, usePluginStore } from '@sensorium/core/client';
import { DEAD_LETTER_REASONS, type DeadLetterRow } from '../../common';
import { deadLetterApi } from './api';

export const DEAD_LETTER_PAGE_SIZE = 20;
export const DEAD_LETTER_STORE = 'deadLetters';

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

/** Diagnosis > Dead letters: one page of what devices sent that could not be stored, newest first, and the one opened. */
export const DeadLetterStore = types
  .model('DeadLetterStore', {
    offset: 0,
    total: 0,
    letters: types.array(DeadLetterModel),
    selectedId: types.maybeNull(types.string),
    loading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0 }))
  .views((self) => ({
    /** The letter being read, while it is on the page shown. */
    get selected() {
      return self.letters.find((letter) => letter.id === self.selectedId) ?? null;
    },
  }))
  .actions((self) => ({
    setOffset(offset: number) {
      self.offset = offset;
    },
    setPage(total: number, letters: DeadLetterRow[]) {
      self.total = total;
      self.letters = cast(letters);
    },
    select(id: string | null) {
      self.selectedId = id;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
  }))
  .actions((self) => {
    /** A failed load keeps the letters shown and leaves `loading.failed` for the page's notice; a late answer is dropped. */
    async function load(): Promise<void> {
      const ticket = self.nextLoad();
      const query = { offset: self.offset, limit: DEAD_LETTER_PAGE_SIZE };
      const outcome = await track(self.loading, () => deadLetterApi(self).page(query));
      if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value.total, outcome.value.rows);
    }
    return {
      load,
      /** The page as a visit starts it: the newest letters. */
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

export type DeadLetterStoreInstance = Instance<typeof DeadLetterStore>;

/** The dead-letter store. Read it inside an observer() component. */
export function useDeadLetters(): DeadLetterStoreInstance {
  return usePluginStore<typeof DeadLetterStore>(DEAD_LETTER_STORE);
}
