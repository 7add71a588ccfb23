import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';
import { wallClock, type AuditHistoryRecord } from '../common';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** `yyyy-MM-dd HH:mm:ss` of a time at the report's offset. */
export function reportTime(at: Date | string | number, minutes: number): string {
  const { date, time, seconds } = wallClock(new Date(at), minutes);
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)} ${time}:${seconds}`;
}

/** The report's file name (spec §9): `yyyyMMdd_HHmm Audit History Report.csv`, the print time at the report's offset. */
export function reportFileName(printedAt: Date, minutes: number): string {
  const { date, time } = wallClock(printedAt, minutes);
  return `${date}_${time.replace(':', '')} Audit History Report.csv`;
}

export interface ReportHeader {
  start: Date;
  due: Date;
  printedAt: Date;
  /** The report's UTC offset in minutes and as written (`+08:00`). */
  minutes: number;
  offset: string;
}

/**
 * The Audit History report as CSV (spec §9): a UTF-8 byte order mark (so Excel reads Chinese text), the title, start,
 * due and print datetime lines, then the columns Datetime, Type, Log, Activity Detail, User ID, User IP. csv-stringify
 * quotes the fields holding commas, quotes or line breaks. Rows are written as `pages` yields them, minding back-pressure.
 */
export function auditCsv(t: Translate, header: ReportHeader, pages: AsyncIterable<AuditHistoryRecord[]>): Stringifier {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const time = (at: Date | string) => `${reportTime(at, header.minutes)} ${header.offset.replace(':', '')}`;
  const write = async (row: string[]) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };
  void (async () => {
    await write([t('audit.report.title')]);
    await write([t('audit.report.start'), time(header.start)]);
    await write([t('audit.report.due'), time(header.due)]);
    await write([t('audit.report.printed'), time(header.printedAt)]);
    await write(
      ['datetime', 'type', 'log', 'activityDetail', 'userId', 'userIp'].map((column) => t(`audit.report.columns.${column}`)),
    );
    for await (const records of pages) {
      for (const record of records) {
        await write([
          time(record.generatedDateTime),
          t(`audit.types.${record.type}`),
          record.log,
          record.activityDetail,
          record.userId ?? '',
          record.userIp ?? '',
        ]);
      }
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return csv;
}
