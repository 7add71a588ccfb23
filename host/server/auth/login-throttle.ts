import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { auditRecords } from '../db/schema';

export const LOGIN_ACTION = 'auth.login';
/** A wrong password is audited with this reason; only these failures count towards locking the account. */
export const WRONG_CREDENTIALS = 'credentials';

/**
 * Locks an account after repeated wrong passwords, counted from the audit trail so that every server instance
 * sharing the database sees the same count. A successful login starts the count afresh.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    readonly maxFailures = 5,
    readonly windowMinutes = 15,
  ) {}

  async isLocked(username: string): Promise<boolean> {
    const lastSuccess = sql`(
      SELECT max(${auditRecords.at}) FROM ${auditRecords}
      WHERE ${auditRecords.action} = ${LOGIN_ACTION} AND ${auditRecords.target} = ${username} AND ${auditRecords.outcome} = 'success'
    )`;
    const [row] = await this.db
      .select({ failures: sql<number>`count(*)::int` })
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.action, LOGIN_ACTION),
          eq(auditRecords.target, username),
          eq(auditRecords.outcome, 'failure'),
          sql`${auditRecords.detail} ->> 'reason' = ${WRONG_CREDENTIALS}`,
          sql`${auditRecords.at} > now() - make_interval(mins => ${this.windowMinutes}::int)`,
          sql`${auditRecords.at} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
        ),
      );
    return (row?.failures ?? 0) >= this.maxFailures;
  }
}
