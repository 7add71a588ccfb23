import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { maskWebhookSecret, WEBHOOK_SECRET_PREFIX, type MaskedWebhookSecret, type WebhookSecret } from '../common';
import { appSecrets } from './schema';

function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/** The webhook signing secret of each application: made on its first use, replaced on rotation, never listed in full. */
export class AppSecrets {
  constructor(private readonly db: Database) {}

  /** The application's secret, made now when it has none (two instances making it at once keep the first). */
  async secretOf(appId: string): Promise<string> {
    await this.db.insert(appSecrets).values({ appId, secret: newSecret() }).onConflictDoNothing();
    const [row] = await this.db.select({ secret: appSecrets.secret }).from(appSecrets).where(eq(appSecrets.appId, appId));
    return row!.secret;
  }

  async masked(appId: string): Promise<MaskedWebhookSecret> {
    const [row] = await this.db.select().from(appSecrets).where(eq(appSecrets.appId, appId));
    return row
      ? { secret: maskWebhookSecret(row.secret), createdAt: row.createdAt.toISOString() }
      : { secret: null, createdAt: null };
  }

  /** Replaces the secret; deliveries signed from now on use the new one. */
  async rotate(appId: string): Promise<WebhookSecret> {
    const [row] = await this.db
      .insert(appSecrets)
      .values({ appId, secret: newSecret() })
      .onConflictDoUpdate({
        target: appSecrets.appId,
        set: { secret: sql`excluded.secret`, createdAt: sql`now()` },
      })
      .returning();
    return { secret: row!.secret, createdAt: row!.createdAt.toISOString() };
  }
}
