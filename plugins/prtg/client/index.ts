import {
  dataSourceForms,
  defineClientPlugin,
  jsonTexts,
  lazyComponent,
  organisationSettingSections,
} from '@sensorium/core/client';
import { manifest } from '../manifest';
import { initialValue, validate } from './rules';
import { PrtgServerSettingsSection, PrtgServerSettingsStore, SERVER_SETTINGS_STORE } from './server-settings';

/** The PRTG data source: its part of the add-item wizard (node spec 2.11, 3.2) and its organisation's API settings. */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'prtg',
      titleKey: 'prtg.form.title',
      component: lazyComponent(() => import('./form'), 'PrtgForm'),
      order: 40,
      profileSource: 'prtg',
      initialValue,
      validate,
    });
    context.addStore(SERVER_SETTINGS_STORE, PrtgServerSettingsStore);
    context.contribute(
      organisationSettingSections,
      { id: 'prtg.server-settings', order: 30, component: PrtgServerSettingsSection },
      { permission: 'setting' },
    );
  },
});
