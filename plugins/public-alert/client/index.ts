import { defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { eventDetailSections } from '@sensorium/events/common';
import { manifest } from '../manifest';
import { alertLinksSection } from './links';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts(
    (language) => import(`../common/i18n/${language}.json`),
    (language) => import(`./links/i18n/${language}.json`),
  ),
  register(context) {
    context.addStore('publicAlert', () => import('./store'), 'PublicAlertStore');
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
