import { eq } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import { systemSettings } from '../db/schema';

/** Core's key-value settings (table system_settings): generated secrets, what has been seeded. */
export class SystemSettings {
  constructor(private readonly db: Database) {}

  async read<T>(key: string): Promise<T | undefined> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
    return row?.value as T | undefined;
  }

  async write(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
  }

  /** Stores `value` unless the key is set, and returns what is stored; instances starting together agree on one value. */
  async readOrInit<T>(key: string, value: T): Promise<T> {
    await this.db.insert(systemSettings).values({ key, value }).onConflictDoNothing({ target: systemSettings.key });
    return (await this.read<T>(key)) as T;
  }
}
