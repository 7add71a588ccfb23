import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADDRESS_THROTTLE,
  CODE_CEILING_THROTTLE,
  PAIR_THROTTLE,
  secondsToWait,
  type Database,
  type FailureCount,
  type ThrottleRule,
} from '@sensorium/core/server';
import { auditRecords } from '../db/schema';

export const LOGIN_ACTION = 'auth.login';
/** The password step of a user with a second factor: a success that is not yet a login. */
export const PASSWORD_STEP_ACTION = `${LOGIN_ACTION}.password`;
/** Audit reasons of the failures that count towards throttling. */
export const WRONG_CREDENTIALS = 'credentials';
export const WRONG_CODE = 'otp';
/** Audit reason of an attempt refused by throttling; it is not itself counted. */
export const THROTTLED = 'throttled';

/**
 * Sign-in throttling (docs/security.md, "Sign-in throttling"): growing delays per (account, address) pair and per
 * address, never a lock of the account itself, so the owner signs in from elsewhere while an attacker is slowed.
 * Wrong one-time codes also count per account across codes and addresses, under a higher ceiling. Counted from the
 * audit trail, so every server instance sharing the database sees the same figures.
 */
export class LoginThrottle {
  constructor(private readonly db: Database) {}

  /** Seconds before this address may try a password for this username again; 0 when it may now. */
  async passwordWait(username: string, address: string): Promise<number> {
    const pairSuccess = this.lastSuccess([LOGIN_ACTION, PASSWORD_STEP_ACTION], username, address);
    return Math.max(
      await this.wait(PAIR_THROTTLE, [WRONG_CREDENTIALS], and(this.ofTarget(username), this.ofAddress(address)), pairSuccess),
      await this.addressWait(address),
    );
  }

  /** Seconds before this address may try a one-time code for this username again; 0 when it may now. */
  async codeWait(username: string, address: string): Promise<number> {
    const pair = and(this.ofTarget(username), this.ofAddress(address));
    return Math.max(
      await this.wait(PAIR_THROTTLE, [WRONG_CODE], pair, this.lastSuccess([LOGIN_ACTION], username, address)),
      await this.wait(CODE_CEILING_THROTTLE, [WRONG_CODE], this.ofTarget(username), this.lastSuccess([LOGIN_ACTION], username)),
      await this.addressWait(address),
    );
  }

  /** Every wrong password or code from the address counts; a success does not reset it (an attacker's own account would). */
  private addressWait(address: string): Promise<number> {
    return this.wait(ADDRESS_THROTTLE, [WRONG_CREDENTIALS, WRONG_CODE], this.ofAddress(address), null);
  }

  /** Attempts count per account whatever the case of the username typed (it signs in without case). */
  private ofTarget(username: string): SQL {
    return sql`lower(${auditRecords.target}) = lower(${username})`;
  }

  private ofAddress(address: string): SQL {
    return eq(auditRecords.address, address);
  }

  /** When this username last succeeded at one of the actions (from this address, when given). */
  private lastSuccess(actions: string[], username: string, address?: string): SQL {
    return sql`(
      SELECT max(${auditRecords.at}) FROM ${auditRecords}
      WHERE ${and(
        inArray(auditRecords.action, actions),
        this.ofTarget(username),
        address === undefined ? undefined : this.ofAddress(address),
        eq(auditRecords.outcome, 'success'),
      )}
    )`;
  }

  private async wait(rule: ThrottleRule, reasons: string[], scope: SQL | undefined, since: SQL | null): Promise<number> {
    const [count] = await this.db
      .select({
        failures: sql<number>`count(*)::int`,
        secondsSinceLast: sql<number | null>`extract(epoch from now() - max(${auditRecords.at}))::float8`,
      })
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.action, LOGIN_ACTION),
          eq(auditRecords.outcome, 'failure'),
          sql`${auditRecords.detail} ->> 'reason' IN (${sql.join(
            reasons.map((reason) => sql`${reason}`),
            sql`, `,
          )})`,
          scope,
          sql`${auditRecords.at} > now() - make_interval(mins => ${rule.windowMinutes}::int)`,
          since ? sql`${auditRecords.at} > coalesce(${since}, '-infinity'::timestamptz)` : undefined,
        ),
      );
    return secondsToWait(rule, count ?? ({ failures: 0, secondsSinceLast: null } satisfies FailureCount));
  }
}
