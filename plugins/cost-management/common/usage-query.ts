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

/** Months since year 0: consecutive months differ by one. */
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** How many months a range covers, both ends included; 0 or less when `to` comes first. */
export function monthCount(from: string, to: string): number {
  return monthIndex(to) - monthIndex(from) + 1;
}

/** Every month from `from` to `to`, both included; empty when `to` comes first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let at = monthIndex(from); at <= monthIndex(to); at++) {
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
