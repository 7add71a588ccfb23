import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { HttpSourceForm } from './form';
import { httpSourceClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The Generic API data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: httpSourceClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'api',
      titleKey: 'http-source.form.title',
      component: HttpSourceForm,
      order: 90,
      initialValue,
      validate,
    });
  },
});
