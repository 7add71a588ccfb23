import type { DeliveryChannel } from '../../common/history';
import type { NotificationRequest } from '../dispatch/notification-request';
import { DEFAULT_EMAIL_TEMPLATE, DEFAULT_TEXT_TEMPLATE } from './default-templates';

/** Whether a template already says why it is sent (`status` or `resumed`); otherwise the resume message says it first. */
const mentionsStatus = (template: string) => /\b(status|resumed)\b/.test(template);

/**
 * The template of the message telling that an event is over. A call says the rule's resume message when it has one;
 * otherwise each channel keeps its trigger template (or the default one), which starts with "Resumed: " or
 * "Cleared: " unless it uses `status` or `resumed` itself.
 */
export function resumeTemplate(request: NotificationRequest, channel: DeliveryChannel): string {
  if (channel === 'voice' && request.voiceResumeTemplate.trim() !== '') return request.voiceResumeTemplate;
  const fallback = channel === 'email' ? DEFAULT_EMAIL_TEMPLATE : DEFAULT_TEXT_TEMPLATE;
  const template = request.templates[channel].trim() === '' ? fallback : request.templates[channel];
  return mentionsStatus(template) ? template : `{{ status | capitalize }}: ${template}`;
}
