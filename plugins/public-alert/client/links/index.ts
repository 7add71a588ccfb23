import { lazyComponent } from '@sensorium/core/client';
import type { EventDetailSection } from '@sensorium/events/common';

/** The event details' "Alert links" (events.event-detail-sections/v1); listing and revoking need `event`, as the API does. */
export const alertLinksSection: EventDetailSection = {
  id: 'public-alert.links',
  titleKey: 'public-alert.links.title',
  order: 10,
  permission: 'event',
  component: lazyComponent(() => import('./alert-links-section'), 'AlertLinksSection'),
};
