import dayjs from 'dayjs';
import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import {
  AUDIT_ARCHIVE_OPTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_QUERY_TYPES,
  offsetMinutes,
  wallClock,
  type AuditHistoryRecord,
} from '../common';
import { auditApi, type AuditEnquiryBody } from './api';

/** The format of a `datetime-local` input's value (the browser's time). */
const LOCAL = 'YYYY-MM-DDTHH:mm';
/** The report offset until the server has said its own (spec §9: +0800). */
const DEFAULT_OFFSET = '+08:00';

/** The default range (spec §9): the last 24 hours up to now, as `datetime-local` values. */
export function lastDay(now = dayjs()): { from: string; to: string } {
  return { from: now.subtract(24, 'hour').format(LOCAL), to: now.format(LOCAL) };
}

/**
 * Diagnosis > Audit History: the query (range in the browser's time, type, archive, a search text), the page of
 * records the server answered for it, the record opened in the details drawer and the export's state. The range is sent
 * as the spec's dates and times at the report's UTC offset, which the server tells.
 */
export const AuditStore = types
  .model('AuditStore', {
    from: '',
    to: '',
    type: types.optional(types.enumeration([...AUDIT_QUERY_TYPES]), 'all'),
    archive: types.optional(types.enumeration([...AUDIT_ARCHIVE_OPTIONS]), 'no'),
    keyword: '',
    utcOffset: DEFAULT_OFFSET,
    offset: 0,
    total: 0,
    records: types.frozen<AuditHistoryRecord[]>([]),
    selectedId: types.maybeNull(types.number),
    loading: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0 }))
  .views((self) => ({
    get selected(): AuditHistoryRecord | null {
      return self.records.find((record) => record.id === self.selectedId) ?? null;
    },
    /** The query as the enquiry takes it: the range's dates and times at the report's offset. */
    get enquiry(): AuditEnquiryBody {
      const minutes = offsetMinutes(self.utcOffset) ?? 480;
      const start = wallClock(dayjs(self.from).toDate(), minutes);
      const due = wallClock(dayjs(self.to).toDate(), minutes);
      return {
        startDate: start.date,
        startTime: start.time,
        dueDate: due.date,
        dueTime: due.time,
        type: self.type,
        archive: self.archive,
        ...(self.keyword.trim() ? { keyword: self.keyword.trim() } : {}),
      };
    },
  }))
  .actions((self) => ({
    setFilters(filters: Partial<Pick<typeof self, 'from' | 'to' | 'type' | 'archive' | 'keyword'>>) {
      Object.assign(self, filters);
    },
    setOffsetSetting(utcOffset: string) {
      self.utcOffset = utcOffset;
    },
    setPage(offset: number, total: number, records: AuditHistoryRecord[]) {
      self.offset = offset;
      self.total = total;
      self.records = records;
    },
    select(id: number | null) {
      self.selectedId = id;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
  }))
  .actions((self) => {
    /** Loads the page at `offset`; an answer to an older query never replaces a newer one. */
    async function goTo(offset: number): Promise<void> {
      const ticket = self.nextLoad();
      const outcome = await track(self.loading, () =>
        auditApi(self).enquiry({ ...self.enquiry, offset, limit: AUDIT_PAGE_SIZE }),
      );
      if (outcome.ok && ticket === self.latestLoad) self.setPage(offset, outcome.value.total, outcome.value.records);
    }
    return {
      goTo,
      /** Opens the page: the default query (last 24 hours, all types, no archive) and its first page. */
      async open(): Promise<void> {
        self.setFilters({ ...lastDay(), type: 'all', archive: 'no', keyword: '' });
        self.select(null);
        const settings = await track(self.loading, () => auditApi(self).settings());
        if (settings.ok) self.setOffsetSetting(settings.value.utcOffset);
        await goTo(0);
      },
      /** The Search button: the first page of the current query. */
      search(): Promise<void> {
        return goTo(0);
      },
      /** The report of the current query as a CSV file (its name from the server). */
      exportCsv() {
        return track(self.exporting, () => auditApi(self).exportCsv(self.enquiry));
      },
    };
  });

export type AuditStoreInstance = Instance<typeof AuditStore>;
