import { eventTemplateVariables, type EventRecord } from '@sensorium/events/common';
import type { DeliveryUsage } from '../../common/history';

/**
 * What a notification template may use: the event's variables shared with webhooks (nodes §2.7: received and last
 * device data, item name, display name, description, current output value, unit; and `event`), plus the severity, the
 * range, the event's time and the contact's own public `link` (acknowledge or clear without signing in), and why the
 * message goes: `status` (the delivery's usage: `created`, `escalation`, `resumed`, `cleared`) and `resumed` (true when
 * it tells that the event is over). `appName` is added when the message is rendered.
 */
export function notificationVariables(event: EventRecord, link: string, status: DeliveryUsage): Record<string, unknown> {
  return {
    ...eventTemplateVariables(event),
    severity: event.severity,
    range: event.rangeName,
    eventTime: event.generatedDateTime,
    link,
    status,
    resumed: status === 'resumed' || status === 'cleared',
  };
}
