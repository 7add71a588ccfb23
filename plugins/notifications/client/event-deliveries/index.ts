import { lazyComponent } from '@sensorium/core/client';
import type { EventDetailSection } from '@sensorium/events/common';

/** The event details' "Notifications" (events.event-detail-sections/v1): whoever sees the event sees what was sent. */
export const eventDeliveriesSection: EventDetailSection = {
  id: 'notifications.event-deliveries',
  titleKey: 'notifications.eventDeliveries.title',
  order: 20,
  component: lazyComponent(() => import('./event-deliveries-section'), 'EventDeliveriesSection'),
};
