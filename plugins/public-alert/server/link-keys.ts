import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type SqlExecutor } from '@sensorium/core/server';
import { publicAlertKeys } from './schema';

/** A signing key signs new links for this long; then a new one takes over and the old one only verifies its links. */
export const KEY_SIGNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LinkKey {
  kid: number;
  secret: Buffer;
}

interface KeyRow {
  kid: number;
  secret: string;
  created_at: string | Date;
}

const toKey = (row: KeyRow): LinkKey => ({ kid: Number(row.kid), secret: Buffer.from(row.secret, 'base64url') });

/**
 * The links' signing keys (public_alert_keys): made on first use, rotated by kid. Kept in memory once read: keys never
 * change, they are only retired, and a retired key still verifies the links it signed until they expire. Finding the
 * current key takes the caller's transaction (a link issued with a notification's row), hence plain SQL there.
 */
export class LinkKeys {
  private readonly known = new Map<number, Buffer>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** The key new links are signed with: the current one, or a new one when there is none or it has signed long enough. */
  async current(tx: SqlExecutor = this.db): Promise<LinkKey> {
    const [row] = await queryRows<KeyRow>(
      tx,
      sql`SELECT kid, secret, created_at FROM public_alert_keys WHERE retired_at IS NULL`,
    );
    if (row && this.now().getTime() - new Date(row.created_at).getTime() < KEY_SIGNING_DAYS * DAY_MS) return this.remember(row);
    if (row)
      await tx.execute(
        sql`UPDATE public_alert_keys SET retired_at = ${this.now().toISOString()}::timestamptz WHERE kid = ${row.kid}`,
      );
    // The unique index on the current key makes a second instance's key lose the race; that instance reads the winner.
    const [made] = await queryRows<KeyRow>(
      tx,
      sql`INSERT INTO public_alert_keys (secret, created_at) VALUES (${randomBytes(32).toString('base64url')}, ${this.now().toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING kid, secret, created_at`,
    );
    if (made) return this.remember(made);
    const [winner] = await queryRows<KeyRow>(
      tx,
      sql`SELECT kid, secret, created_at FROM public_alert_keys WHERE retired_at IS NULL`,
    );
    return this.remember(winner!);
  }

  /** The secret of a key, current or retired; null for an unknown kid. */
  async secret(kid: number): Promise<Buffer | null> {
    const cached = this.known.get(kid);
    if (cached) return cached;
    const [row] = await this.db.select().from(publicAlertKeys).where(eq(publicAlertKeys.kid, kid));
    return row ? this.remember({ kid: row.kid, secret: row.secret, created_at: row.createdAt }).secret : null;
  }

  private remember(row: KeyRow): LinkKey {
    const key = toKey(row);
    this.known.set(key.kid, key.secret);
    return key;
  }
}
