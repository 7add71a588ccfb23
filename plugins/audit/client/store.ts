import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import type { AuditRecord } from '@sensorium/core/common';
import { AUDIT_PAGE_SIZES } from '../common';
import { auditApi } from './api';

/** Typing in the search box waits this long before the page is asked for. */
export const SEARCH_DEBOUNCE_MS = 300;

export const AuditRecordModel = types.model('AuditRecord', {
  id: types.number,
  at: types.string,
  userId: types.maybeNull(types.string),
  /** Null for anonymous calls (failed logins). */
  username: types.maybeNull(types.string),
  action: types.string,
  target: types.maybeNull(types.string),
  pluginId: types.string,
  address: types.maybeNull(types.string),
  outcome: types.enumeration('AuditOutcome', ['success', 'failure']),
});

/** What the page shows of a record (its `detail` stays on the server's answer). */
const shown = ({ detail: _detail, ...record }: AuditRecord) => record;

/**
 * Diagnosis > Audit History: the query (keyword, page size, offset) and the page the server answered for it. Changes of
 * the query load after a short pause, and an answer to an older query never replaces a newer one.
 */
export const AuditStore = types
  .model('AuditStore', {
    keyword: '',
    limit: types.optional(types.number, AUDIT_PAGE_SIZES[0]),
    offset: 0,
    total: 0,
    records: types.array(AuditRecordModel),
    loading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0, timer: null as ReturnType<typeof setTimeout> | null }))
  .actions((self) => ({
    setQuery(query: { keyword?: string; limit?: number; offset?: number }) {
      if (query.keyword !== undefined) self.keyword = query.keyword;
      if (query.limit !== undefined) self.limit = query.limit;
      if (query.offset !== undefined) self.offset = query.offset;
    },
    setPage(total: number, records: AuditRecord[]) {
      self.total = total;
      self.records = cast(records.map(shown));
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
    /** Forgets a load that has not started yet (the page was left). */
    cancel() {
      if (self.timer) clearTimeout(self.timer);
      self.timer = null;
    },
  }))
  .actions((self) => {
    /** A failed load keeps the rows shown; the HTTP client has reported it. */
    async function load(): Promise<void> {
      self.cancel();
      const ticket = self.nextLoad();
      const query = { offset: self.offset, limit: self.limit, keyword: self.keyword };
      const outcome = await track(self.loading, () => auditApi(self).page(query));
      if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value.total, outcome.value.records);
    }
    const setTimer = (timer: ReturnType<typeof setTimeout>) => {
      self.timer = timer;
    };
    return {
      load,
      setTimer,
    };
  })
  .actions((self) => {
    const later = () => {
      self.cancel();
      self.setTimer(setTimeout(() => void self.load(), SEARCH_DEBOUNCE_MS));
    };
    return {
      /** The page as a visit starts it: no keyword, first page. */
      open(): Promise<void> {
        self.setQuery({ keyword: '', offset: 0 });
        return self.load();
      },
      /** A new keyword starts again at the first page, once typing pauses. */
      search(keyword: string) {
        self.setQuery({ keyword, offset: 0 });
        later();
      },
      setLimit(limit: number) {
        self.setQuery({ limit, offset: 0 });
        later();
      },
      goTo(offset: number) {
        self.setQuery({ offset });
        later();
      },
    };
  });

export type AuditStoreInstance = Instance<typeof AuditStore>;
