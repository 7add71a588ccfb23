import { defaultEscalation, type NotificationSetting } from '@sensorium/nodes/common';
import type { Contact } from '../../common';

/**
 * The dialog's starting value: every channel off, all departments and escalation off for a range without a setting yet
 * (or saved before escalation existed).
 */
export function notificationFormValue(setting: Partial<NotificationSetting> | undefined): NotificationSetting {
  return {
    ...setting,
    smsEnabled: setting?.smsEnabled ?? false,
    smsTemplate: setting?.smsTemplate ?? '',
    whatsappEnabled: setting?.whatsappEnabled ?? false,
    emailEnabled: setting?.emailEnabled ?? false,
    emailTemplate: setting?.emailTemplate ?? '',
    voiceEnabled: setting?.voiceEnabled ?? false,
    voiceTemplate: setting?.voiceTemplate ?? '',
    departments: [...(setting?.departments ?? [])],
    escalation: { ...(setting?.escalation ?? defaultEscalation()) },
  };
}

/** Whether any channel is on (the range editor's notification button is then highlighted). */
export function anyChannelOn(setting: Partial<NotificationSetting> | undefined): boolean {
  return !!(setting?.smsEnabled || setting?.whatsappEnabled || setting?.emailEnabled || setting?.voiceEnabled);
}

/** The contacts table's channel columns (spec 2.7): the value, and whether the contact receives it. */
export function contactChannels(contact: Contact): { sms: boolean; phone: boolean; email: boolean } {
  const receives = (enabled: boolean) => enabled && !contact.unsubscribed;
  return {
    sms: receives(contact.smsEnable || contact.whatsappEnable),
    phone: receives(contact.voiceEnable),
    email: receives(contact.emailEnable),
  };
}

/** A contact's channel value, or the value with '(Unsubscribed)' when that channel is off for them. */
export function contactChannel(value: string, enabled: boolean, unsubscribed: string): string {
  if (enabled) return value;
  return value ? `${value} ${unsubscribed}` : unsubscribed;
}
