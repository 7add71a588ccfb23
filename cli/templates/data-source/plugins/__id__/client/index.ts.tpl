import { lazy } from 'react';
import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { itemSettingsTabs } from '@sensorium/nodes/common';
import { deviceIdProblem, {{camelName}}Type } from '../common';
import { manifest } from '../manifest';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { {{Name}}Form } from './{{Name}}Form';

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    // The add-item wizard offers "{{title}}" as a data source and shows this section to fill in the item's dataSource
    // (the wizard adds the type and trims the texts).
    context.contribute(dataSourceForms, {
      type: {{camelName}}Type,
      titleKey: '{{id}}.title',
      component: {{Name}}Form,
      order: 100,
      initialValue: () => ({ deviceEUI: '' }),
      // The wizard goes on only when this returns no problem.
      validate: (value) => {
        const problem = deviceIdProblem(typeof value.deviceEUI === 'string' ? value.deviceEUI : '');
        return problem ? [problem] : [];
      },
    });
    // A tab of the item panel on this source's items only, loaded when first opened.
    context.contribute(itemSettingsTabs, {
      id: '{{id}}.device',
      titleKey: '{{id}}.deviceTab',
      order: 50,
      dataSourceTypes: [{{camelName}}Type],
      component: lazy(async () => ({ default: (await import('./{{Name}}DeviceTab')).{{Name}}DeviceTab })),
    });
  },
});
