import type { Migration } from '@sensorium/core/server';
import { contactMigrations } from './contacts/migrations';
import { dispatchMigrations } from './dispatch/migrations';
import { providerMigrations } from './providers/migrations';
import { rateLimitMigrations } from './rate-limit/migrations';

/** Each part's steps, run in this order; a part's ids start with its name so the parts never collide. */
export const migrations: Migration[] = [
  ...contactMigrations,
  ...dispatchMigrations,
  ...providerMigrations,
  ...rateLimitMigrations,
];
