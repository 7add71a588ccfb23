import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { LiftForm } from './form';
import { liftI18n } from '../common/i18n';
import { initialValue, validate } from './rules';

/** The Lift data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: liftI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'lift',
      titleKey: 'lift.form.title',
      component: LiftForm,
      order: 60,
      profileSource: 'lift',
      initialValue,
      validate,
    });
  },
});
