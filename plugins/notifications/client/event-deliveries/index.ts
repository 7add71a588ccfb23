import type { EventDetailSection } from '@sensorium/events/common';
import { EventDeliveriesSection } from './event-deliveries-section';

export { eventDeliveriesI18n } from './i18n';

/** The event details' "Notifications" (events.event-detail-sections/v1): whoever sees the event sees what was sent. */
export const eventDeliveriesSection: EventDetailSection = {
  id: 'notifications.event-deliveries',
  titleKey: 'notifications.eventDeliveries.title',
  order: 20,
  component: EventDeliveriesSection,
};
