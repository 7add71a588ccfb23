import { Matches } from 'class-validator';

/** A calendar month, `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest range one report covers. */
export const USAGE_MAX_MONTHS = 24;

/**
 * The query of the usage report and its export: the first and last month, both included. The server also refuses a
 * `to` before `from` or a range longer than USAGE_MAX_MONTHS (400 naming `to`).
 */
export class UsageReportQuery {
  @Matches(MONTH_PATTERN, { message: 'cost-management.validation.month' })
  from!: string;

  @Matches(MONTH_PATTERN, { message: 'cost-management.validation.month' })
  to!: string;
}

/** Every month from `from` to `to`, both included; empty when `to` comes first. */
export function monthsBetween(from: string, to: string): string[] {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let at = index(from); at <= index(to); at++) {
    months.push(`${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** Where a month starts, at midnight UTC. */
export function monthStart(month: string): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
}

/** Where the month after `month` starts: the end of a range that includes `month`. */
export function monthEnd(month: string): Date {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
}
