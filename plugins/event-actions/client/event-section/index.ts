import { lazyComponent } from '@sensorium/core/client';
import type { EventDetailSection } from '@sensorium/events/common';

/** The event details' "Webhook deliveries" (events.event-detail-sections/v1): whoever sees the event sees its tries. */
export const webhookTriesSection: EventDetailSection = {
  id: 'event-actions.webhook-tries',
  titleKey: 'event-actions.eventSection.title',
  order: 30,
  component: lazyComponent(() => import('./webhook-tries-section'), 'WebhookTriesSection'),
};
