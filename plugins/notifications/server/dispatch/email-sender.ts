import type { Mailer } from '@sensorium/core/server';
import { renderEmail } from '../templates/notification-message';
import type { ChannelSender } from './channel-sender';

/**
 * E-mail through core's Mailer: the message goes to the outbox in the claiming transaction, keyed by the delivery id,
 * so a job run again after a crash cannot queue a second one. The outbox then delivers it over SMTP with its own retries.
 */
export function emailSender(mailer: Mailer): ChannelSender {
  return {
    channel: 'email',
    service: 'smtp',
    async send(delivery, tx) {
      const content = await renderEmail(delivery.template, delivery.variables);
      const { id } = await mailer.send({ to: delivery.address, ...content }, { dedupKey: delivery.id, tx });
      return { status: 'sent', providerId: id };
    },
  };
}
