import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { RobotForm } from './form';
import { robotI18n } from '../common/i18n';
import { initialValue, validate } from './rules';

/** The Robot data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: robotI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'robot',
      titleKey: 'robot.form.title',
      component: RobotForm,
      order: 50,
      profileSource: 'robot',
      initialValue,
      validate,
    });
  },
});
