import { defineClientPlugin } from '@sensorium/core/client';
import { applicationSettingTabs } from '@sensorium/applications/common';
import { backupsI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { DataBackupTabLoader } from './components/data-backup-tab-loader';
import { BackupsStore } from './store';
import { BACKUPS_STORE } from './use-backups';

export default defineClientPlugin({
  manifest,
  i18n: backupsI18n,
  register(context) {
    context.addStore(BACKUPS_STORE, BackupsStore);
    context.contribute(
      applicationSettingTabs,
      { id: 'backups.data-backup', titleKey: 'backups.tab', order: 20, component: DataBackupTabLoader },
      { permission: 'setting' },
    );
  },
});
