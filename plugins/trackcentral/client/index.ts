import { dataSourceForms, defineClientPlugin, jsonTexts, lazyComponent } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { initialValue, validate } from './rules';

/** The TrackCentral data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'trackcentral',
      titleKey: 'trackcentral.form.title',
      component: lazyComponent(() => import('./form'), 'TrackcentralForm'),
      order: 20,
      profileSource: 'lora',
      initialValue,
      validate,
    });
  },
});
