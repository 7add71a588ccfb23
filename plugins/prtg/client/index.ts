import {
  dataSourceForms,
  defineClientPlugin,
  jsonTexts,
  lazyComponent,
  organisationSettingSections,
} from '@sensorium/core/client';
import { manifest } from '../manifest';
import { initialValue, validate } from './rules';
import { SERVER_SETTINGS_STORE } from './store-name';

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
    context.addStore(SERVER_SETTINGS_STORE, () => import('./server-settings'), 'PrtgServerSettingsStore');
    context.contribute(
      organisationSettingSections,
      {
        id: 'prtg.server-settings',
        order: 30,
        component: lazyComponent(() => import('./server-settings'), 'PrtgServerSettingsSection'),
      },
      { permission: 'setting' },
    );
  },
});
