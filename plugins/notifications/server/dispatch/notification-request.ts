import type { EventActions } from '@sensorium/events/common';
import type { DeliveryChannel } from '../../common/history';

/** What an event's range asked of notifications: the channels, each channel's template, and the departments told. */
export interface NotificationRequest {
  channels: DeliveryChannel[];
  templates: Record<DeliveryChannel, string>;
  /** What a call says when the event is over (an event-settings rule's resume message); empty: none given. */
  voiceResumeTemplate: string;
  /** Empty: every department. */
  departments: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Reads `actions.notification`, the range's NotificationSetting copied onto the event when it was raised. It is stored
 * JSON (old ranges lack keys), so each field is read on its own; null when no channel is on.
 */
export function notificationRequest(actions: EventActions): NotificationRequest | null {
  const setting = actions.notification;
  if (!setting || typeof setting !== 'object') return null;
  const fields = setting as Record<string, unknown>;
  const enabled: Record<DeliveryChannel, unknown> = {
    sms: fields.smsEnabled,
    whatsapp: fields.whatsappEnabled,
    email: fields.emailEnabled,
    voice: fields.voiceEnabled,
  };
  const channels = (Object.keys(enabled) as DeliveryChannel[]).filter((channel) => enabled[channel] === true);
  if (channels.length === 0) return null;
  const departments = Array.isArray(fields.departments)
    ? fields.departments.filter((department): department is string => typeof department === 'string' && department !== '')
    : [];
  return {
    channels,
    // The dialog has one SMS/Whatsapp template for both (nodes §2.7).
    templates: {
      sms: text(fields.smsTemplate),
      whatsapp: text(fields.smsTemplate),
      email: text(fields.emailTemplate),
      voice: text(fields.voiceTemplate),
    },
    voiceResumeTemplate: text(fields.voiceResumeTemplate),
    departments,
  };
}
