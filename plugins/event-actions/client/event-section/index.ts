import type { EventDetailSection } from '@sensorium/events/common';
import { WebhookTriesSection } from './webhook-tries-section';

export { eventSectionI18n } from './i18n';

/** The event details' "Webhook deliveries" (events.event-detail-sections/v1): whoever sees the event sees its tries. */
export const webhookTriesSection: EventDetailSection = {
  id: 'event-actions.webhook-tries',
  titleKey: 'event-actions.eventSection.title',
  order: 30,
  component: WebhookTriesSection,
};
