import { eq } from 'drizzle-orm';
import type { ApplicationDeletionHook, FileStore } from '@sensorium/core/server';
import { backups } from './schema';

/** A deleted application's backups go with it: their rows in the deletion's transaction, their zips after it commits. */
export function backupDeletionHook(files: FileStore): ApplicationDeletionHook {
  return {
    id: 'backups.backups',
    async deleteData(appId, transaction) {
      await transaction.delete(backups).where(eq(backups.appId, appId));
    },
    async afterDelete(appId) {
      await files.delete(appId);
    },
  };
}
