import { dataSourceForms, defineClientPlugin, jsonTexts, lazyComponent } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { initialValue, validate } from './rules';

/** The Generic API data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'api',
      titleKey: 'http-source.form.title',
      component: lazyComponent(() => import('./form'), 'HttpSourceForm'),
      order: 90,
      initialValue,
      validate,
    });
  },
});
