import { dataSourceForms, defineClientPlugin, organisationSettingSections } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { ChirpstackForm } from './form';
import { chirpstackClientI18n } from './i18n';
import { initialValue, validate } from './rules';
import { SERVER_SETTINGS_STORE, ChirpstackServerSettingsSection, ChirpstackServerSettingsStore } from './server-settings';

/** The ChirpStack data source: its part of the add-item wizard (node spec 2.11, 3.2) and its organisation settings. */
export default defineClientPlugin({
  manifest,
  i18n: chirpstackClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'chirpstack',
      titleKey: 'chirpstack.form.title',
      component: ChirpstackForm,
      order: 10,
      profileSource: 'lora',
      initialValue,
      validate,
    });
    context.addStore(SERVER_SETTINGS_STORE, ChirpstackServerSettingsStore);
    context.contribute(
      organisationSettingSections,
      { id: 'chirpstack.server-settings', order: 10, component: ChirpstackServerSettingsSection },
      { permission: 'setting' },
    );
  },
});
