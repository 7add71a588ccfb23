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

/** The The Things Stack (TTN) data source: its part of the add-item wizard (node spec 2.11, 3.2) and its organisation settings. */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'ttn',
      titleKey: 'ttn.form.title',
      component: lazyComponent(() => import('./form'), 'TtnForm'),
      order: 30,
      profileSource: 'lora',
      initialValue,
      validate,
    });
    context.addStore(SERVER_SETTINGS_STORE, () => import('./server-settings'), 'TtnServerSettingsStore');
    context.contribute(
      organisationSettingSections,
      {
        id: 'ttn.server-settings',
        order: 20,
        component: lazyComponent(() => import('./server-settings'), 'TtnServerSettingsSection'),
      },
      { permission: 'setting' },
    );
  },
});
