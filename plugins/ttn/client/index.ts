import { dataSourceForms, defineClientPlugin, organisationSettingSections } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { TtnForm } from './form';
import { ttnClientI18n } from './i18n';
import { initialValue, validate } from './rules';
import { SERVER_SETTINGS_STORE, TtnServerSettingsSection, TtnServerSettingsStore } from './server-settings';

/** The The Things Stack (TTN) data source: its part of the add-item wizard (node spec 2.11, 3.2) and its organisation settings. */
export default defineClientPlugin({
  manifest,
  i18n: ttnClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'ttn',
      titleKey: 'ttn.form.title',
      component: TtnForm,
      order: 30,
      profileSource: 'lora',
      initialValue,
      validate,
    });
    context.addStore(SERVER_SETTINGS_STORE, TtnServerSettingsStore);
    context.contribute(
      organisationSettingSections,
      { id: 'ttn.server-settings', order: 20, component: TtnServerSettingsSection },
      { permission: 'setting' },
    );
  },
});
