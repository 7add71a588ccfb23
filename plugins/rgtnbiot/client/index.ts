import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { RgtnbiotForm } from './form';
import { rgtnbiotClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The RGT NB-IoT data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: rgtnbiotClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'rgtnbiot',
      titleKey: 'rgtnbiot.form.title',
      component: RgtnbiotForm,
      order: 70,
      profileSource: 'rgtnbiot',
      initialValue,
      validate,
    });
  },
});
