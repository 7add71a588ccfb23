import { eq } from 'drizzle-orm';
import type { ApplicationDeletionHook } from '@sensorium/core/server';
import { appSecrets, tasks, webhooks } from './schema';

/**
 * Deleting an application removes its deliveries (and their log), tasks and secret. Deliveries and tasks also go with
 * their events (foreign keys); none of it is in a backup, which restores events, not what was once sent about them.
 */
export const eventActionsDeletionHook: ApplicationDeletionHook = {
  id: 'event-actions.application',
  async deleteData(appId, tx) {
    await tx.delete(webhooks).where(eq(webhooks.appId, appId));
    await tx.delete(tasks).where(eq(tasks.appId, appId));
    await tx.delete(appSecrets).where(eq(appSecrets.appId, appId));
  },
};
