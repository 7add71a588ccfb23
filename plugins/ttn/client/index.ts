import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { TtnForm } from './form';
import { ttnClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The The Things Stack (TTN) data source's part of the add-item wizard (node spec 2.11, 3.2). */
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
  },
});
