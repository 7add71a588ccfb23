import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADDRESS_THROTTLE,
  CODE_CEILING_THROTTLE,
  PAIR_THROTTLE,
  secondsToWait,
  type Database,
  type ThrottleRule,
} from '@sensorium/core/server';
import { codeFailures } from './schema';

/**
 * Wrong sign-up codes, throttled by the same rules as sign-in (docs/security.md, "Sign-in throttling"): per (e-mail,
 * address), per e-mail from every address under a higher ceiling, and per address. Counted across codes and pending
 * sign-ups, so neither a resend nor a new sign-up for the same e-mail starts afresh; kept in the database so that
 * every server instance sees the same figures.
 */
export class SignupCodeThrottle {
  constructor(private readonly db: Database) {}

  /** Seconds before this address may try a code for this e-mail again; 0 when it may now. */
  async wait(email: string, address: string): Promise<number> {
    const ofEmail = eq(codeFailures.email, email);
    const ofAddress = eq(codeFailures.address, address);
    return Math.max(
      await this.scopeWait(PAIR_THROTTLE, and(ofEmail, ofAddress)!),
      await this.scopeWait(CODE_CEILING_THROTTLE, ofEmail),
      await this.scopeWait(ADDRESS_THROTTLE, ofAddress),
    );
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await this.db.insert(codeFailures).values({ email, address });
  }

  private async scopeWait(rule: ThrottleRule, scope: SQL): Promise<number> {
    const [count] = await this.db
      .select({
        failures: sql<number>`count(*)::int`,
        secondsSinceLast: sql<number | null>`extract(epoch from now() - max(${codeFailures.at}))::float8`,
      })
      .from(codeFailures)
      .where(and(scope, sql`${codeFailures.at} > now() - make_interval(mins => ${rule.windowMinutes}::int)`));
    return count ? secondsToWait(rule, count) : 0;
  }
}
