import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AUDIT_TYPES, type AuditType } from '@sensorium/core/common';

/** The type select of the Audit History page: every type or one of them. */
export const AUDIT_QUERY_TYPES = ['all', ...AUDIT_TYPES] as const;
export type AuditQueryType = (typeof AUDIT_QUERY_TYPES)[number];
/** The show-archive select. */
export const AUDIT_ARCHIVE_OPTIONS = ['no', 'yes'] as const;
export type AuditArchiveOption = (typeof AUDIT_ARCHIVE_OPTIONS)[number];
/** Rows per page of the table (spec §9). */
export const AUDIT_PAGE_SIZE = 10;
/** Most records one enquiry answers (the page asks for 10 at a time). */
export const AUDIT_ENQUIRY_MAX_LIMIT = 1000;
/** The answer header carrying how many records match the enquiry (the answer itself is the spec's array). */
export const AUDIT_TOTAL_HEADER = 'x-total-count';

const DATE = /^\d{4}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The audit query (accounts §3) of `POST /audithistory/enquiry` and its CSV export: a time range given as dates
 * (YYYYMMDD) and times (HH:mm) at the report's UTC offset (+08:00 unless configured), a type and the archive switch.
 * `offset`, `limit` and `keyword` are this console's additions for paging and searching.
 */
export class AuditEnquiry {
  @Matches(DATE, { message: 'audit.validation.date' })
  startDate!: string;

  @Matches(TIME, { message: 'audit.validation.time' })
  startTime!: string;

  @Matches(DATE, { message: 'audit.validation.date' })
  dueDate!: string;

  @Matches(TIME, { message: 'audit.validation.time' })
  dueTime!: string;

  @IsOptional()
  @IsIn(AUDIT_QUERY_TYPES, { message: 'audit.validation.type' })
  type: AuditQueryType = 'all';

  @IsOptional()
  @IsIn(AUDIT_ARCHIVE_OPTIONS, { message: 'audit.validation.archive' })
  archive: AuditArchiveOption = 'no';

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset: number = 0;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(AUDIT_ENQUIRY_MAX_LIMIT)
  limit: number = AUDIT_ENQUIRY_MAX_LIMIT;
}

/** One changed field as the enquiry shows it (values as text; secrets read ***). */
export interface AuditHistoryChange {
  field: string;
  old: string | null;
  new: string | null;
}

/** An audit record (accounts §3) as the enquiry answers it, its sentence and detail in the caller's language. */
export interface AuditHistoryRecord {
  id: number;
  /** ISO timestamp. */
  generatedDateTime: string;
  type: AuditType;
  /** The application or object the record concerns, by name. */
  location: string | null;
  log: string;
  activityDetail: string;
  /** The changed fields behind activityDetail, for the details drawer. */
  changes: AuditHistoryChange[];
  /** The user's name; null for anonymous calls. */
  userId: string | null;
  userIp: string | null;
  outcome: 'success' | 'failure';
}

/** What the page needs to know of the server's settings. */
export interface AuditHistorySettings {
  /** The report's UTC offset, e.g. `+08:00`: the enquiry's dates and times are read at it. */
  utcOffset: string;
  archiveAfterDays: number;
}

/** `+08:00` (or `+0800`, `-05:30`) in minutes east of UTC; null when it is no offset. */
export function offsetMinutes(offset: string): number | null {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (Number(match[2]) > 14 || Number(match[3]) > 59) return null;
  return match[1] === '-' ? -minutes : minutes;
}

/** A time as wall-clock parts at a UTC offset: `{ date: 'YYYYMMDD', time: 'HH:mm', seconds: 'ss' }`. */
export function wallClock(at: Date | number, minutes: number): { date: string; time: string; seconds: string } {
  const iso = new Date(new Date(at).getTime() + minutes * 60_000).toISOString();
  return { date: iso.slice(0, 10).replaceAll('-', ''), time: iso.slice(11, 16), seconds: iso.slice(17, 19) };
}

/** The instant of a date (YYYYMMDD) and time (HH:mm) at a UTC offset. */
export function instantOf(date: string, time: string, minutes: number): Date {
  const wall = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(4, 6)) - 1,
    Number(date.slice(6, 8)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  return new Date(wall - minutes * 60_000);
}
