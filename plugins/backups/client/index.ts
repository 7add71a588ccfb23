import { defineClientPlugin, jsonTexts } from '@sensorium/core/client';
import { applicationSettingTabs } from '@sensorium/applications/common';
import { manifest } from '../manifest';
import { DataBackupTabLoader } from './components/data-backup-tab-loader';
import { BACKUPS_STORE } from './use-backups';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(BACKUPS_STORE, () => import('./store'), 'BackupsStore');
    context.contribute(
      applicationSettingTabs,
      { id: 'backups.data-backup', titleKey: 'backups.tab', order: 20, component: DataBackupTabLoader },
      { permission: 'setting' },
    );
  },
});
