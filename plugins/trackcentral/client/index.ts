import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { TrackcentralForm } from './form';
import { trackcentralClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The TrackCentral data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: trackcentralClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'trackcentral',
      titleKey: 'trackcentral.form.title',
      component: TrackcentralForm,
      order: 20,
      profileSource: 'lora',
      initialValue,
      validate,
    });
  },
});
