import type { DeliveryToSend } from '../dispatch/channel-sender';
import { renderText } from '../templates/notification-message';

/**
 * The words a provider carries: the channel's template rendered. A written message (SMS, WhatsApp) ends with the
 * contact's link when the template leaves it out, so every notification can be acknowledged; a call speaks no link
 * (the default template's `{{ link }}` renders empty there), its key press acknowledges instead.
 */
export async function messageText(delivery: Pick<DeliveryToSend, 'channel' | 'template' | 'variables'>): Promise<string> {
  if (delivery.channel === 'voice') return renderText(delivery.template, { ...delivery.variables, link: '' });
  const text = await renderText(delivery.template, delivery.variables);
  const link = typeof delivery.variables.link === 'string' ? delivery.variables.link : '';
  return !link || text.includes(link) ? text : `${text} ${link}`;
}
