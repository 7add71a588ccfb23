import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { mqttCredentials } from '../db/schema';

const derive = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const KEY_BYTES = 32;

/** `scrypt$<salt>$<key>`, base64url, with node's default cost (N 16384, r 8, p 1). */
export async function hashDevicePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_BYTES);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function devicePasswordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(given, expected);
}

/**
 * Each organisation's device password for the embedded broker (table mqtt_credentials, core's). Its MQTT username is
 * the organisation id; the password is generated here, answered once by `rotate` and kept only as a scrypt hash.
 */
export class OrganisationCredentials {
  constructor(private readonly db: Database) {}

  /** When the organisation's password was last set; null while it has none (its devices cannot connect). */
  async rotatedAt(organisationId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ rotatedAt: mqttCredentials.rotatedAt })
      .from(mqttCredentials)
      .where(eq(mqttCredentials.organisationId, organisationId));
    return row?.rotatedAt ?? null;
  }

  /** Sets a new random password (the old one stops working) and answers it: the only time it is seen. */
  async rotate(organisationId: string): Promise<{ password: string; rotatedAt: Date }> {
    const password = randomBytes(24).toString('base64url');
    const passwordHash = await hashDevicePassword(password);
    const [row] = await this.db
      .insert(mqttCredentials)
      .values({ organisationId, passwordHash })
      .onConflictDoUpdate({ target: mqttCredentials.organisationId, set: { passwordHash, rotatedAt: sql`now()` } })
      .returning({ rotatedAt: mqttCredentials.rotatedAt });
    return { password, rotatedAt: row!.rotatedAt };
  }

  async verify(organisationId: string, password: string): Promise<boolean> {
    const [row] = await this.db
      .select({ passwordHash: mqttCredentials.passwordHash })
      .from(mqttCredentials)
      .where(eq(mqttCredentials.organisationId, organisationId));
    return row ? devicePasswordMatches(password, row.passwordHash) : false;
  }
}
