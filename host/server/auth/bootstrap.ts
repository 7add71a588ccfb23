import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import { HttpError, type Database, type UserDirectory } from '@sensorium/core/server';
import { users } from '../db/schema';
import type { SystemSettings } from '../system/settings';

export const FIRST_USERNAME = 'admin';

/** The configured JWT secret, or one generated on first start and kept in system_settings for every later start and instance. */
export function jwtSecret(configured: string | null, settings: SystemSettings): Promise<string> {
  return configured ? Promise.resolve(configured) : settings.readOrInit('auth.jwt-secret', randomBytes(48).toString('base64url'));
}

/** On an empty users table, creates the cloud user `admin` so someone can sign in and set everything else up. */
export async function createFirstAdmin(
  db: Database,
  directory: UserDirectory,
  configuredPassword: string | null,
  log: FastifyBaseLogger,
): Promise<void> {
  const [row] = await db.select({ users: count() }).from(users);
  if ((row?.users ?? 0) > 0) return;
  const password = configuredPassword ?? randomBytes(12).toString('base64url');
  try {
    await directory.createUser({ username: FIRST_USERNAME, password, name: 'Administrator', level: 'cloud' });
  } catch (error) {
    // Another instance sharing the database created it first.
    if (error instanceof HttpError && error.statusCode === 409) return;
    throw error;
  }
  if (configuredPassword) {
    log.info(`Created the first user "${FIRST_USERNAME}" with the password from SENSORIUM_ADMIN_PASSWORD.`);
  } else {
    log.warn(
      `Created the first user "${FIRST_USERNAME}" with the generated password "${password}". ` +
        'It is shown only this once: sign in and change it now (or set SENSORIUM_ADMIN_PASSWORD before the first start).',
    );
  }
}
