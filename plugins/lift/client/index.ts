import { dataSourceForms, defineClientPlugin, jsonTexts, lazyComponent } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { initialValue, validate } from './rules';

/** The Lift data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'lift',
      titleKey: 'lift.form.title',
      component: lazyComponent(() => import('./form'), 'LiftForm'),
      order: 60,
      profileSource: 'lift',
      initialValue,
      validate,
    });
  },
});
