import { lazy } from 'react';
import { dataSourceForms, defineClientPlugin, jsonTexts, lazyComponent } from '@sensorium/core/client';
import { itemSettingsTabs } from '@sensorium/nodes/common';
import { deviceIdProblem, {{camelName}}Type } from '../common';
import { manifest } from '../manifest';

export default defineClientPlugin({
  manifest,
  // Only the chosen language's texts are downloaded, when it is chosen.
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    // The add-item wizard offers "{{title}}" as a data source and shows this section to fill in the item's dataSource
    // (the wizard adds the type and trims the texts). The form's code loads when the wizard first shows it.
    context.contribute(dataSourceForms, {
      type: {{camelName}}Type,
      titleKey: '{{id}}.title',
      component: lazyComponent(() => import('./{{Name}}Form'), '{{Name}}Form'),
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
