import {
  applicationDataParticipants,
  DatabaseToken,
  defineServerPlugin,
  FileStoreToken,
  PushHubToken,
} from '../../../core/server';
import { backupsI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { BackupService } from './backup-service';
import { migrations } from './migrations';
import { backupRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: backupsI18n,
  register(context) {
    const service = new BackupService(
      context.resolve(DatabaseToken),
      context.resolve(FileStoreToken),
      context.resolve(PushHubToken),
      () => context.contributions(applicationDataParticipants),
    );
    for (const route of backupRoutes(service)) context.addRoute(route);
  },
});
