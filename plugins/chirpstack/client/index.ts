import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { ChirpstackForm } from './form';
import { chirpstackClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The ChirpStack data source's part of the add-item wizard (node spec 2.11, 3.2). */
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
  },
});
