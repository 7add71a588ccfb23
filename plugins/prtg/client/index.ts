import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { PrtgForm } from './form';
import { prtgClientI18n } from './i18n';
import { initialValue, validate } from './rules';

/** The PRTG data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: prtgClientI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'prtg',
      titleKey: 'prtg.form.title',
      component: PrtgForm,
      order: 40,
      profileSource: 'prtg',
      initialValue,
      validate,
    });
  },
});
