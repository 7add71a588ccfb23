import {
  applicationDataParticipants,
  applicationDeletionHooks,
  DatabaseToken,
  defineServerPlugin,
  FileStoreToken,
  PushHubToken,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { backupsI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { backupDeletionHook } from './backup-deletion-hook';
import { BackupService } from './backup-service';
import { migrations } from './migrations';
import { backupRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: backupsI18n,
  deps: { db: DatabaseToken, files: FileStoreToken, push: PushHubToken, access: ApplicationAccessToken },
  async register(context, { db, files, push, access }) {
    const service = new BackupService(db, files, push, access, () => context.contributions(applicationDataParticipants));
    await service.failInterrupted();
    for (const route of backupRoutes(service)) context.addRoute(route);
    context.contribute(applicationDeletionHooks, backupDeletionHook(files));
  },
});
