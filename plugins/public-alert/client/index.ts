import { defineClientPlugin, routes } from '@sensorium/core/client';
import { mergeResources } from '@sensorium/core/common';
import { eventDetailSections } from '@sensorium/events/common';
import { publicAlertI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { alertLinksI18n, alertLinksSection } from './links';
import { PublicAlertStore } from './store';

export default defineClientPlugin({
  manifest,
  i18n: mergeResources(publicAlertI18n, alertLinksI18n),
  register(context) {
    context.addStore('publicAlert', PublicAlertStore);
    // Under public/, so it stands alone without the header and sidebar; the link's token is the only credential.
    context.contribute(routes, {
      path: 'public/event/:payload',
      load: () => import('./PublicEventPage'),
      titleKey: 'public-alert.title',
      guard: 'none',
    });
    context.contribute(eventDetailSections, alertLinksSection);
  },
});
