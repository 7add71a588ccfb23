import { ApplicationBrandingToken } from '@sensorium/applications/common';
import { AuditLogToken, defineRoute, defineServerPlugin, HttpError, type AuditQuery } from '@sensorium/core/server';
import type { SessionUser } from '@sensorium/core/common';
import {
  AUDIT_ENQUIRY_MAX_LIMIT,
  AUDIT_TOTAL_HEADER,
  AuditEnquiry,
  instantOf,
  offsetMinutes,
  wallClock,
  type AuditHistoryRecord,
  type AuditHistorySettings,
} from '../common';
import { auditI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { AuditConfig } from './config';
import { auditCsv, reportFileName } from './csv-report';
import { presentRecord } from './present';

/** How often the archive job looks for records older than the archive age. */
const ARCHIVE_INTERVAL_MS = 60 * 60_000;
/** Most rows one CSV export writes (the export reads them a thousand at a time). */
const EXPORT_MAX_ROWS = 100_000;
const levels = ['cloud', 'si-customer'] as const;

const recordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    generatedDateTime: { type: 'string', format: 'date-time' },
    type: { type: 'string', enum: ['system', 'device', 'equipment', 'useraction'] },
    location: { type: ['string', 'null'] },
    log: { type: 'string' },
    activityDetail: { type: 'string' },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, old: { type: ['string', 'null'] }, new: { type: ['string', 'null'] } },
      },
    },
    userId: { type: ['string', 'null'] },
    userIp: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: ['success', 'failure'] },
  },
};

export default defineServerPlugin({
  manifest,
  i18n: auditI18n,
  config: AuditConfig,
  deps: { auditLog: AuditLogToken, branding: ApplicationBrandingToken },
  register(context, { auditLog, branding }) {
    const { reportUtcOffset, archiveAfterDays } = context.config;
    const minutes = offsetMinutes(reportUtcOffset) ?? 480;

    /** The enquiry's range as instants (the due minute included); 400 naming the field of a date that does not exist. */
    const rangeOf = (enquiry: AuditEnquiry) => {
      const start = instantOf(enquiry.startDate, enquiry.startTime, minutes);
      const due = instantOf(enquiry.dueDate, enquiry.dueTime, minutes);
      if (wallClock(start, minutes).date !== enquiry.startDate) throw HttpError.badRequest('audit.validation.date', 'startDate');
      if (wallClock(due, minutes).date !== enquiry.dueDate) throw HttpError.badRequest('audit.validation.date', 'dueDate');
      if (due < start) throw HttpError.badRequest('audit.validation.dueBeforeStart', 'dueDate');
      return { start, due, end: new Date(due.getTime() + 60_000) };
    };

    const queryOf = (enquiry: AuditEnquiry, user: SessionUser): Omit<AuditQuery, 'limit' | 'offset'> => {
      const { start, end } = rangeOf(enquiry);
      return {
        from: start,
        to: end,
        type: enquiry.type === 'all' ? undefined : enquiry.type,
        archive: enquiry.archive === 'yes',
        keyword: enquiry.keyword?.trim() || undefined,
        // An si-customer sees the records of its organisation's users; the cloud operator sees all.
        organisationId: user.level === 'si-customer' ? (user.organisationId ?? '') : undefined,
      };
    };

    /** Translates records for a reader, naming their applications (looked up once per page). */
    const presenter = () => {
      const names = new Map<string, string | null>();
      return async (
        t: (key: string, params?: Record<string, string | number>) => string,
        records: Awaited<ReturnType<typeof auditLog.list>>['records'],
      ) => {
        const appIds = new Set(
          records.map((record) => record.detail?.appId).filter((id): id is string => typeof id === 'string'),
        );
        await Promise.all(
          [...appIds]
            .filter((id) => !names.has(id))
            .map(async (id) => names.set(id, (await branding.get(id).catch(() => null))?.name ?? null)),
        );
        return records.map((record) => presentRecord(t, record, (id) => names.get(id) ?? null));
      };
    };

    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/audithistory/enquiry',
        summary:
          'The audit records of a time range (dates and times at the report offset), newest first; the total in X-Total-Count (cloud: all; si-customer: its organisation’s)',
        levels,
        body: AuditEnquiry,
        response: { type: 'array', items: recordSchema },
        // A read: nothing to audit.
        audit: false,
        async handler({ body, user, reply, t }) {
          const page = await auditLog.list({ ...queryOf(body, user), offset: body.offset, limit: body.limit });
          reply.header(AUDIT_TOTAL_HEADER, String(page.total));
          return (await presenter()(t, page.records)) satisfies AuditHistoryRecord[];
        },
      }),
    );

    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/audithistory/enquiry/csv',
        summary:
          'The Audit History report of the enquiry’s range as CSV (spec §9: title, start, due and print lines, then the columns), UTF-8 with BOM',
        levels,
        body: AuditEnquiry,
        audit: 'audit.export',
        handler({ body, user, reply, t }) {
          const query = queryOf(body, user);
          const { start, due } = rangeOf(body);
          const printedAt = new Date();
          const present = presenter();
          async function* pages() {
            for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += AUDIT_ENQUIRY_MAX_LIMIT) {
              const page = await auditLog.list({ ...query, offset, limit: AUDIT_ENQUIRY_MAX_LIMIT });
              yield await present(t, page.records);
              if (page.records.length < AUDIT_ENQUIRY_MAX_LIMIT) return;
            }
          }
          const fileName = reportFileName(printedAt, minutes);
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
            );
          return reply.send(auditCsv(t, { start, due, printedAt, minutes, offset: reportUtcOffset }, pages()));
        },
      }),
    );

    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/audithistory/settings',
        summary: 'The report’s UTC offset (the enquiry’s dates and times are read at it) and the archive age in days',
        levels,
        response: { type: 'object', properties: { utcOffset: { type: 'string' }, archiveAfterDays: { type: 'integer' } } },
        handler: (): AuditHistorySettings => ({ utcOffset: reportUtcOffset, archiveAfterDays }),
      }),
    );

    context.addJob({
      id: 'audit.archive',
      intervalMs: ARCHIVE_INTERVAL_MS,
      run: async () => {
        const moved = await auditLog.archive(new Date(Date.now() - archiveAfterDays * 86_400_000));
        if (moved === 0) return;
        await auditLog.record({
          type: 'system',
          userId: null,
          username: null,
          action: 'audit.archive',
          pluginId: manifest.id,
          address: null,
          outcome: 'success',
          detail: { moved, archiveAfterDays },
        });
      },
    });
  },
});
