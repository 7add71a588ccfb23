import { applicationSettingTabs } from '@sensorium/applications/common';
import { defineClientPlugin, jsonTexts } from '@sensorium/core/client';
import { eventDetailSections } from '@sensorium/events/common';
import { rangeActions } from '@sensorium/nodes/common';
import { manifest } from '../manifest';
import { WebhooksTabLoader } from './components/webhooks-tab-loader';
import { webhookTriesSection } from './event-section';
import { TASK_RANGE_ACTION, WEBHOOK_RANGE_ACTION } from './range-actions';
import { WEBHOOKS_STORE } from './use-webhooks';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts(
    (language) => import(`./i18n/${language}.json`),
    (language) => import(`./event-section/i18n/${language}.json`),
  ),
  register(context) {
    context.addStore(WEBHOOKS_STORE, () => import('./store'), 'WebhooksStore');
    // Rotating the secret needs the setting permission, as the tab's neighbours do.
    context.contribute(
      applicationSettingTabs,
      { id: 'event-actions.webhooks', titleKey: 'event-actions.tab', order: 30, component: WebhooksTabLoader },
      { permission: 'setting' },
    );
    context.contribute(eventDetailSections, webhookTriesSection);
    // A range's Task Setting and Webhook in the Field Settings dialog (node spec 2.8, 2.9).
    context.contribute(rangeActions, TASK_RANGE_ACTION);
    context.contribute(rangeActions, WEBHOOK_RANGE_ACTION);
  },
});
